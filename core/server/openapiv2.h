#pragma once
#include <QByteArray>
#include <QJsonObject>

namespace rlab::server {

// GET /openapi/v2, as kube-apiserver serves it (kube-openapi's handler): the Swagger 2.0
// document as JSON, or — for `Accept: application/com.github.proto-openapi.spec.v2@v1.0+protobuf`,
// which is what kubectl asks for — as the gnostic openapi_v2.Document protobuf message.
// kubectl 1.27 and 1.28 read it before every apply (their validator is built from it and
// their field-validation check looks for a PATCH operation of the kind with a
// `fieldValidation` parameter); without it they fail with "the server could not find the
// requested resource". The document has one PATCH operation per served resource, with
// x-kubernetes-group-version-kind and the dryRun / fieldManager / fieldValidation / force
// query parameters, and no definitions: kubectl then validates on the server and takes patch
// strategies from its compiled-in types, as it does when v2 is missing. Stateless; any thread.
class OpenApiV2
{
public:
    static QJsonObject document();
    static QByteArray protobuf();   // the same document, encoded
    // The media types kube-openapi offers: protobuf() for the first two (always answered as
    // kProtobuf: Go's mime parser rejects the '@'), JSON for the last.
    static constexpr const char *kProtobufDeprecated = "application/com.github.proto-openapi.spec.v2@v1.0+protobuf";
    static constexpr const char *kProtobuf = "application/com.github.proto-openapi.spec.v2.v1.0+protobuf";
    static constexpr const char *kJson = "application/json";
    // kube-openapi's negotiation: the first Accept clause (highest q first) that one of JSON,
    // the deprecated protobuf type or the protobuf type matches, in that order of preference
    // ("*/*" and an empty header give JSON); the media type to answer with, or empty for 406.
    static QByteArray negotiate(const QByteArray &accept);
};

} // namespace rlab::server
