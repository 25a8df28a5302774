#pragma once
#include <QString>
#include <optional>

namespace rlab::api {

// resource.Quantity (k8s.io/apimachinery/pkg/api/resource): "500m", "2", "1.5", "128Mi", "1Gi",
// "1G", "1e3", "100k". Parsing follows ParseQuantity: the value is kept exactly down to nano
// units, anything finer rounds away from zero ("0.9n" is 1n), binary-SI values are capped at
// 2^63-1 (decimal ones, unbounded upstream, at 10^27 here). The format of the suffix is remembered for toString(), which gives upstream's
// canonical form ("1.5" -> "1500m", "1.5Gi" -> "1536Mi", "1000" -> "1k").
// Worked example: "1.5Gi" = 15 * 2^30 / 10 = 1610612736 bytes, milliValue() 1610612736000.
// Plain value type; any thread.
class Quantity
{
public:
    enum class Format { DecimalSI, BinarySI, DecimalExponent };

    Quantity() = default;
    // On error returns nullopt and an upstream message in *error: "quantities must match the
    // regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'", "unable to parse
    // quantity's suffix" or "unable to parse numeric part of quantity".
    static std::optional<Quantity> parse(const QString &text, QString *error = nullptr);
    static Quantity fromMilli(qint64 milli, Format format = Format::DecimalSI);
    static Quantity fromValue(qint64 value, Format format = Format::DecimalSI);

    // Quantity.MilliValue() / Value(): rounded away from zero; saturate at the int64 limits
    // where upstream would overflow.
    qint64 milliValue() const;
    qint64 value() const;
    Format format() const { return m_format; }
    bool isZero() const { return m_nano == 0; }
    int sign() const { return m_nano < 0 ? -1 : m_nano > 0 ? 1 : 0; }
    QString toString() const;

    bool operator==(const Quantity &o) const { return m_nano == o.m_nano; }   // Cmp() == 0

private:
    static std::optional<Quantity> parseText(const QString &text, QString *error);
    __extension__ using Nano = __int128;
    Nano m_nano = 0;   // value in units of 10^-9
    Format m_format = Format::DecimalSI;
};

// Shortcuts used by validation and the scheduler: parse into milli-units (CPU "500m" -> 500,
// memory "128Mi" -> 134217728000). Returns false and sets *error on invalid text.
bool parseQuantity(const QString &text, qint64 *milliValue, QString *error = nullptr);
// Canonical text of a CPU amount in millicores: 500 -> "500m", 2000 -> "2", 1500 -> "1500m".
QString formatCpuMilli(qint64 milli);
// Canonical text of a byte count as binary SI: 134217728 -> "128Mi", 1536 -> "1536", 1000 -> "1k".
QString formatMemoryBytes(qint64 bytes);

} // namespace rlab::api
