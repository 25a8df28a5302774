#pragma once
#include <QString>
#include <optional>

namespace rlab::api {

// intstr.IntOrString: maxSurge: 1 or maxSurge: "25%".
// Percent resolution (intstr.GetScaledValueFromIntOrPercent): "25%" of 10 is 2.5, which is 3
// rounding up (maxSurge) and 2 rounding down (maxUnavailable).
struct IntOrString
{
    bool isString = false;
    int intVal = 0;
    QString strVal;

    static IntOrString fromInt(int v) { return IntOrString{false, v, {}}; }
    static IntOrString fromString(const QString &s) { return IntOrString{true, 0, s}; }
    QString toString() const { return isString ? strVal : QString::number(intVal); }
    bool operator==(const IntOrString &o) const = default;

    // Returns nullopt and sets *error ("invalid value for IntOrString: invalid type: string is
    // not a percentage") when a string is not "N%".
    std::optional<int> scaledValue(int total, bool roundUp, QString *error = nullptr) const;
};

} // namespace rlab::api
