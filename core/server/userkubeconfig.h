#pragma once
#include <QByteArray>
#include <QString>

namespace rlab::server {

// The kubeconfig a teacher hands one student of a classroom server: cluster "reconcile-lab"
// (https URL, the server's CA as certificate-authority-data), user named after the student
// with their token or their client certificate and key (both inline, -data), context
// "reconcile-lab" in the student's namespace. Written mode 0600. Stateless; any thread.
struct UserKubeconfig
{
    QString serverUrl;
    QByteArray caPem;
    QString user, namespace_;
    QByteArray token;                       // or:
    QByteArray clientCertificatePem, clientKeyPem;

    QByteArray render() const;
    bool write(const QString &path, QString *error) const;
};

} // namespace rlab::server
