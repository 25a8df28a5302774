#pragma once
#include <QJsonValue>
#include <QString>

namespace rlab::api {

// What a YAML scalar means to kubectl. kubectl reads manifests with sigs.k8s.io/yaml, i.e.
// go-yaml v2's YAML 1.1 flavoured resolution, then converts to JSON: plain `3` is an int,
// `3.5` a float, `yes`/`On`/`n` booleans, `~`/`null`/empty null, `0x1F` 31, `012` 10 (octal),
// `1_000` 1000, `2001-12-14` stays a string; quoted scalars are always strings.
// Numbers are stored as JSON would carry them to the API server: integral values in int64
// range as integers (`3.0` is 3, `1e3` is 1000), anything else as double.
// Pure functions; any thread.
struct YamlScalar
{
    enum class Kind { String, Null, Bool, Int, Float, Timestamp, Merge };   // Merge: set by readers for a plain `<<` key

    Kind kind = Kind::String;
    QJsonValue value;        // Null for Kind::Null; the string itself for String/Timestamp/Merge
    bool nonFinite = false;  // .inf / -.inf / .nan: a float with no JSON form
    double number = 0;       // Kind::Float: the value as parsed (-0.0 stays negative zero)

    // An untagged plain scalar (yaml-cpp tag "?").
    static YamlScalar resolvePlain(const QString &text);
    // A scalar with an explicit tag ("tag:yaml.org,2002:int", "!foo", "!"); quoting does not
    // matter then, as in go-yaml. Sets *error ("cannot decode !!str `abc` as a !!int") and
    // returns a null scalar when the text does not fit the tag.
    static YamlScalar resolveTagged(const QString &tag, const QString &text, QString *error);
    // The string sigs.k8s.io/yaml makes of a non-string map key (`1: x` -> "1", `y: x` ->
    // "true", `1.5: x` -> "1.5"); empty + *error for keys JSON cannot have (null, huge ints).
    static QString keyString(const YamlScalar &key, QString *error);

    // YAML 1.1 sexagesimal ("1:20"): go-yaml reads it as a string but quotes it when writing.
    static bool isBase60Float(const QString &text);
    // Go's strconv.FormatFloat(v, 'g', -1, bits): "0.5", "1e+21", "1.2345675e+06".
    static QString formatGoFloat(double v, int bits = 64);
};

} // namespace rlab::api
