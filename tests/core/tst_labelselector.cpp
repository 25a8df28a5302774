// Rows ported from k8s.io/apimachinery/pkg/labels/selector_test.go (TestSelectorParse,
// TestSelectorMatches, TestSetSelectorParser, TestToString, TestRequirementSelectorMatching)
// and metav1.LabelSelectorAsSelector. Deviations, by design of Selector::Op: `==` is kept as
// `=` (so toString() prints "y=jkl"), and `>` / `<` are refused.
#include "core/api/labelselector.h"
#include "core/api/selectormatcher.h"

#include <QTest>

using rlab::api::LabelSelector;
using rlab::api::LabelSelectorRequirement;
using rlab::api::Labels;
using rlab::api::Selector;
using rlab::api::SelectorMatcher;

namespace {

const QString kQualifiedNameRegex = QStringLiteral(
    "a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an "
    "alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is "
    "'([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. "
    "'example.com/MyName')");
const QString kLabelValueRegex = QStringLiteral(
    "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and "
    "end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is "
    "'(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')");

// "x=y,z=w" -> {x: y, z: w}
Labels labels(const QString &text)
{
    Labels l;
    for (const QString &kv : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const qsizetype eq = kv.indexOf(QLatin1Char('='));
        l.insert(kv.left(eq), kv.mid(eq + 1));
    }
    return l;
}

QString opName(Selector::Op op)
{
    switch (op) {
    case Selector::Op::Equals: return QStringLiteral("=");
    case Selector::Op::NotEquals: return QStringLiteral("!=");
    case Selector::Op::In: return QStringLiteral("in");
    case Selector::Op::NotIn: return QStringLiteral("notin");
    case Selector::Op::Exists: return QStringLiteral("exists");
    case Selector::Op::DoesNotExist: return QStringLiteral("!");
    }
    return {};
}

// Requirements as "key op [values]" lines, to compare with the upstream expected internalSelector.
QStringList describe(const Selector &s)
{
    QStringList out;
    for (const Selector::Requirement &r : s.requirements())
        out << QStringLiteral("%1 %2 [%3]").arg(r.key, opName(r.op), r.values.join(QLatin1Char(',')));
    return out;
}

} // namespace

class TestLabelSelector : public QObject
{
    Q_OBJECT

private slots:
    // TestSelectorParse: good strings print back without their spaces.
    void testParseGood_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("printed");
        for (const char *s : {"x=a,y=b,z=c", "", "x!=a,y=b", "x=", "x= ", "x=,z= ", "x= ,z= ", "!x"}) {
            QString printed = QString::fromLatin1(s);
            printed.remove(QLatin1Char(' '));
            QTest::newRow(s) << QString::fromLatin1(s) << printed;
        }
        QTest::newRow("== prints as =") << "x==a" << "x=a";
        QTest::newRow("sorted by key") << "x=a,a=x" << "a=x,x=a";
    }

    void testParseGood()
    {
        QFETCH(QString, text);
        QFETCH(QString, printed);
        QString error;
        const std::optional<Selector> s = Selector::parse(text, &error);
        QVERIFY2(s.has_value(), qPrintable(error));
        QCOMPARE(s->toString(), printed);
    }

    // TestSelectorParse bad strings and TestSetSelectorParser invalid rows, with upstream's errors.
    void testParseErrors_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("error");
        QTest::newRow("x=a||y=b") << "x=a||y=b"
                                  << QStringLiteral("unable to parse requirement: values[0][x]: Invalid value: \"a||y\": ")
                                         + kLabelValueRegex;
        QTest::newRow("x==a==b") << "x==a==b" << "found '==', expected: ',' or 'end of string'";
        QTest::newRow("!x=a") << "!x=a" << "found '=', expected: ',' or 'end of string'";
        QTest::newRow(",x,y") << ",x,y" << "found ',', expected: !, identifier, or 'end of string'";
        QTest::newRow("x nott in (y)") << "x nott in (y)"
                                       << "unable to parse requirement: found 'nott', expected: in, notin, =, ==, !=, gt, lt";
        QTest::newRow("a in (xyz),") << "a in (xyz)," << "found '', expected: identifier after ','";
        QTest::newRow("a in (xyz)b notin ()") << "a in (xyz)b notin ()" << "found 'b', expected: ',' or 'end of string'";
        QTest::newRow("a in (xyz abc)") << "a in (xyz abc)" << "unable to parse requirement: found 'abc', expected: ',' or ')'";
        QTest::newRow("a notin(") << "a notin(" << "unable to parse requirement: found '', expected: ',', ')' or identifier";
        QTest::newRow("a (") << "a (" << "unable to parse requirement: found '(', expected: in, notin, =, ==, !=, gt, lt";
        QTest::newRow("(") << "(" << "found '(', expected: !, identifier, or 'end of string'";
        QTest::newRow("x in (a") << "x in (a" << "unable to parse requirement: found '', expected: ',' or ')'";
        QTest::newRow("x in a") << "x in a" << "unable to parse requirement: found 'a' expected: '('";
        QTest::newRow("x=a b") << "x=a b" << "found 'b', expected: ',' or 'end of string'";
        QTest::newRow("bad key") << "a/b/c=x" << QStringLiteral("unable to parse requirement: <nil>: Invalid value: \"a/b/c\": ")
                                                    + kQualifiedNameRegex;
        QTest::newRow("bad value") << "x=a$" << QStringLiteral("unable to parse requirement: values[0][x]: Invalid value: \"a$\": ")
                                                    + kLabelValueRegex;
        QTest::newRow("gt refused") << "x>1"
                                    << "unable to parse requirement: operator '>' (gt/lt) is not supported in label "
                                       "selectors here, expected: in, notin, =, ==, !=";
        QTest::newRow("lt refused") << "x<a"
                                    << "unable to parse requirement: operator '<' (gt/lt) is not supported in label "
                                       "selectors here, expected: in, notin, =, ==, !=";
    }

    void testParseErrors()
    {
        QFETCH(QString, text);
        QFETCH(QString, error);
        QString got;
        QVERIFY(!Selector::parse(text, &got).has_value());
        QCOMPARE(got, error);
    }

    // TestSetSelectorParser valid rows: the parsed requirements, sorted by key.
    void testSetSelectorParser_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QStringList>("requirements");
        QTest::newRow("empty") << "" << QStringList();
        QTest::newRow("\\rx") << "\rx" << QStringList{"x exists []"};
        QTest::newRow("dns key") << "this-is-a-dns.domain.com/key-with-dash"
                                 << QStringList{"this-is-a-dns.domain.com/key-with-dash exists []"};
        QTest::newRow("dns key in") << "this-is-another-dns.domain.com/key-with-dash in (so,what)"
                                    << QStringList{"this-is-another-dns.domain.com/key-with-dash in [so,what]"};
        QTest::newRow("ip values") << "0.1.2.domain/99 notin (10.10.100.1, tick.tack.clock)"
                                   << QStringList{"0.1.2.domain/99 notin [10.10.100.1,tick.tack.clock]"};
        QTest::newRow("tab") << "foo  in\t (abc)" << QStringList{"foo in [abc]"};
        QTest::newRow("newline") << "x notin\n (abc)" << QStringList{"x notin [abc]"};
        QTest::newRow("tabs") << "x  notin\t\t\t(abc,def)" << QStringList{"x notin [abc,def]"};
        QTest::newRow("in") << "x in (abc,def)" << QStringList{"x in [abc,def]"};
        QTest::newRow("trailing comma") << "x in (abc,)" << QStringList{"x in [,abc]"};
        QTest::newRow("in ()") << "x in ()" << QStringList{"x in []"};
        QTest::newRow("mixed") << "x notin (abc,,def),bar,z in (),w"
                               << QStringList{"bar exists []", "w exists []", "x notin [,abc,def]", "z in []"};
        QTest::newRow("x,y in (a)") << "x,y in (a)" << QStringList{"x exists []", "y in [a]"};
        QTest::newRow("x,y") << "x,y" << QStringList{"x exists []", "y exists []"};
        QTest::newRow("x=a") << "x=a" << QStringList{"x = [a]"};
        QTest::newRow("x=a,y!=b") << "x=a,y!=b" << QStringList{"x = [a]", "y != [b]"};
        QTest::newRow("x=a,y!=b,z in (h,i,j)") << "x=a,y!=b,z in (h,i,j)"
                                               << QStringList{"x = [a]", "y != [b]", "z in [h,i,j]"};
        QTest::newRow("notin ( )") << "x notin ( )" << QStringList{"x notin []"};
        QTest::newRow("notin (, a)") << "x notin (, a)" << QStringList{"x notin [,a]"};
        QTest::newRow("a ") << "a " << QStringList{"a exists []"};
        QTest::newRow("keywords as values") << "a in (x,y,notin, z,in)" << QStringList{"a in [in,notin,x,y,z]"};
        QTest::newRow("!key") << "!a,b" << QStringList{"a ! []", "b exists []"};
        QTest::newRow("in as key") << "in=x" << QStringList{"in = [x]"};
    }

    void testSetSelectorParser()
    {
        QFETCH(QString, text);
        QFETCH(QStringList, requirements);
        QString error;
        const std::optional<Selector> s = Selector::parse(text, &error);
        QVERIFY2(s.has_value(), qPrintable(error));
        QCOMPARE(describe(*s), requirements);
    }

    // TestSelectorMatches and TestRequirementSelectorMatching.
    void testMatches_data()
    {
        QTest::addColumn<QString>("selector");
        QTest::addColumn<QString>("labels");
        QTest::addColumn<bool>("match");
        QTest::newRow("empty matches all") << "" << "x=y" << true;
        QTest::newRow("x=y") << "x=y" << "x=y" << true;
        QTest::newRow("x=y,z=w") << "x=y,z=w" << "x=y,z=w" << true;
        QTest::newRow("x!=y,z!=w") << "x!=y,z!=w" << "x=z,z=a" << true;
        QTest::newRow("notin=in") << "notin=in" << "notin=in" << true;
        QTest::newRow("exists") << "x" << "x=z" << true;
        QTest::newRow("!x") << "!x" << "y=z" << true;
        QTest::newRow("x=z on empty") << "x=z" << "" << false;
        QTest::newRow("x=y vs x=z") << "x=y" << "x=z" << false;
        QTest::newRow("x=y,z=w vs x=w") << "x=y,z=w" << "x=w,z=w" << false;
        QTest::newRow("x!=y,z!=w vs z=w") << "x!=y,z!=w" << "x=z,z=w" << false;
        QTest::newRow("exists missing") << "x" << "y=z" << false;
        QTest::newRow("!x present") << "!x" << "x=z" << false;
        QTest::newRow("foo=bar") << "foo=bar" << "foo=bar,baz=blah" << true;
        QTest::newRow("baz=blah") << "baz=blah" << "foo=bar,baz=blah" << true;
        QTest::newRow("both") << "foo=bar,baz=blah" << "foo=bar,baz=blah" << true;
        QTest::newRow("foo=blah") << "foo=blah" << "foo=bar,baz=blah" << false;
        QTest::newRow("baz=bar") << "baz=bar" << "foo=bar,baz=blah" << false;
        QTest::newRow("extra key") << "foo=bar,foobar=bar,baz=blah" << "foo=bar,baz=blah" << false;
        QTest::newRow("in + notin") << "x in (foo),y notin (alpha)" << "x=foo,y=baz" << true;
        QTest::newRow("in + in") << "x in (foo),y in (alpha)" << "x=foo,y=baz" << false;
        QTest::newRow("notin () + exists") << "x notin (),y" << "y=" << true;
        QTest::newRow("!x + y") << "!x,y" << "y=" << true;
        QTest::newRow("notin () + !y") << "x notin (),!y" << "y=" << false;
        QTest::newRow("in () missing") << "x in ()" << "y=baz" << false;
        QTest::newRow("in () empty value") << "x in ()" << "x=" << true;
        QTest::newRow("x= empty value") << "x=" << "x=" << true;
    }

    void testMatches()
    {
        QFETCH(QString, selector);
        QFETCH(QString, labels);
        QFETCH(bool, match);
        const std::optional<Selector> s = Selector::parse(selector);
        QVERIFY(s.has_value());
        QCOMPARE(s->matches(::labels(labels)), match);
    }

    // SelectorMatcher answers as Selector::matches for every label set, shared (one template's
    // copies), detached after a change, or unrelated; the same rows as testMatches, each asked
    // twice in a row with a shared copy between.
    void testMatcherAnswersAsMatches_data() { testMatches_data(); }
    void testMatcherAnswersAsMatches()
    {
        QFETCH(QString, selector);
        QFETCH(QString, labels);
        QFETCH(bool, match);
        const bool want = match;
        const auto sel = Selector::parse(selector);
        QVERIFY(sel.has_value());
        SelectorMatcher matches(*sel);
        const Labels set = ::labels(labels);
        QCOMPARE(matches(set), want);
        const Labels copy = set;   // shared: answered from memory
        QCOMPARE(matches(copy), want);
        Labels changed = copy;
        changed.insert(QStringLiteral("x"), QStringLiteral("y"));   // detaches: asked again
        QCOMPARE(matches(changed), sel->matches(changed));
        changed.remove(QStringLiteral("x"));
        changed.insert(QStringLiteral("a"), QStringLiteral("changed"));
        QCOMPARE(matches(changed), sel->matches(changed));
        QCOMPARE(matches(Labels()), sel->matches(Labels()));
        QCOMPARE(matches(set), want);
    }

    // TestToString: requirements print in key order, set values sorted.
    void testToString_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("printed");
        QTest::newRow("in notin exists") << "x in (abc,def),y notin (jkl),z" << "x in (abc,def),y notin (jkl),z";
        QTest::newRow("notin != !") << "x notin (abc,def),y!=jkl,!z" << "x notin (abc,def),y!=jkl,!z";
        QTest::newRow("notin ()") << "x notin (abc),y in (jkl,mno),z notin ()" << "x notin (abc),y in (jkl,mno),z notin ()";
        QTest::newRow("= == != exists") << "x=abc,y==jkl,z!=a,z" << "x=abc,y=jkl,z!=a,z";
        QTest::newRow("values sorted") << "x in (c,a,b)" << "x in (a,b,c)";
    }

    void testToString()
    {
        QFETCH(QString, text);
        QFETCH(QString, printed);
        const std::optional<Selector> s = Selector::parse(text);
        QVERIFY(s.has_value());
        QCOMPARE(s->toString(), printed);
        // The printed form parses to the same selector.
        const std::optional<Selector> again = Selector::parse(printed);
        QVERIFY(again.has_value());
        QCOMPARE(again->requirements(), s->requirements());
    }

    // What RequiresExactMatch inspects, read through requirements(): the single value of an
    // = or single-valued `in` requirement.
    void testRequirementsExposeExactMatch()
    {
        const std::optional<Selector> s = Selector::parse(QStringLiteral("test in (b),a=c,x notin (y)"));
        QVERIFY(s.has_value());
        QCOMPARE(describe(*s), (QStringList{"a = [c]", "test in [b]", "x notin [y]"}));
    }

    void testEverythingAndNothing()
    {
        const Selector everything;
        QVERIFY(everything.isEmpty());
        QVERIFY(everything.matches(labels(QStringLiteral("x=y"))));
        QVERIFY(everything.matches({}));
        const Selector nothing = Selector::nothing();
        QVERIFY(!nothing.isEmpty());
        QVERIFY(!nothing.matches(labels(QStringLiteral("x=y"))));
        QVERIFY(!nothing.matches({}));
        QCOMPARE(nothing.toString(), QString());
    }

    // metav1.LabelSelectorAsSelector.
    void testFromLabelSelector_data()
    {
        QTest::addColumn<QString>("matchLabels");
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("op");
        QTest::addColumn<QStringList>("values");
        QTest::addColumn<QString>("printed");   // empty: expect `error`
        QTest::addColumn<QString>("error");
        QTest::newRow("empty matches everything") << "" << "" << "" << QStringList() << "" << "";
        QTest::newRow("matchLabels") << "app=web,tier=fe" << "" << "" << QStringList() << "app=web,tier=fe" << "";
        QTest::newRow("In") << "app=web" << "env" << "In" << QStringList{"prod", "dev"} << "app=web,env in (dev,prod)" << "";
        QTest::newRow("NotIn") << "" << "env" << "NotIn" << QStringList{"qa"} << "env notin (qa)" << "";
        QTest::newRow("Exists") << "" << "canary" << "Exists" << QStringList() << "canary" << "";
        QTest::newRow("DoesNotExist") << "" << "canary" << "DoesNotExist" << QStringList() << "!canary" << "";
        QTest::newRow("bad operator") << "" << "env" << "Equals" << QStringList{"a"} << ""
                                      << "\"Equals\" is not a valid label selector operator";
        QTest::newRow("In without values") << "" << "env" << "In" << QStringList() << ""
                                           << "values: Invalid value: null: for 'in', 'notin' operators, values set can't be empty";
        QTest::newRow("Exists with values") << "" << "env" << "Exists" << QStringList{"a"} << ""
                                            << "values: Invalid value: [\"a\"]: values set must be empty for exists and does not exist";
        QTest::newRow("bad key") << "" << "a/b/c" << "Exists" << QStringList() << ""
                                 << QStringLiteral("key: Invalid value: \"a/b/c\": ") + kQualifiedNameRegex;
        QTest::newRow("bad matchLabels value") << "app=a b" << "" << "" << QStringList() << ""
                                               << QStringLiteral("values[0][app]: Invalid value: \"a b\": ") + kLabelValueRegex;
        QTest::newRow("two errors aggregated")
            << "" << "-bad-" << "In" << QStringList() << ""
            << QStringLiteral("[key: Invalid value: \"-bad-\": name part must consist of alphanumeric characters, '-', '_' or "
                              "'.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  "
                              "or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]'), "
                              "values: Invalid value: null: for 'in', 'notin' operators, values set can't be empty]");
    }

    void testFromLabelSelector()
    {
        QFETCH(QString, matchLabels);
        QFETCH(QString, key);
        QFETCH(QString, op);
        QFETCH(QStringList, values);
        QFETCH(QString, printed);
        QFETCH(QString, error);
        LabelSelector ls;
        ls.matchLabels = labels(matchLabels);
        if (!key.isEmpty())
            ls.matchExpressions.append(LabelSelectorRequirement{key, op, values});
        QString got;
        const std::optional<Selector> s = Selector::fromLabelSelector(ls, &got);
        if (!error.isEmpty()) {
            QVERIFY(!s.has_value());
            QCOMPARE(got, error);
            return;
        }
        QVERIFY2(s.has_value(), qPrintable(got));
        QCOMPARE(s->toString(), printed);
        QCOMPARE(s->isEmpty(), ls.isEmpty());
    }

    void testFromLabelSelectorMatches()
    {
        LabelSelector ls;
        ls.matchLabels.insert(QStringLiteral("app"), QStringLiteral("web"));
        ls.matchExpressions.append(LabelSelectorRequirement{QStringLiteral("env"), QStringLiteral("NotIn"), {QStringLiteral("dev")}});
        const std::optional<Selector> s = Selector::fromLabelSelector(ls);
        QVERIFY(s.has_value());
        QVERIFY(s->matches(labels(QStringLiteral("app=web,env=prod"))));
        QVERIFY(s->matches(labels(QStringLiteral("app=web"))));
        QVERIFY(!s->matches(labels(QStringLiteral("app=web,env=dev"))));
        QVERIFY(!s->matches(labels(QStringLiteral("app=api"))));
    }
};

QTEST_GUILESS_MAIN(TestLabelSelector)
#include "tst_labelselector.moc"
