<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>CanvasScene</name>
    <message numerus="yes">
        <source>%1 · %n pod(s)</source>
        <translation>
            <numerusform>%1 · %n pod</numerusform>
            <numerusform>%1 · %n pods</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n unscheduled pod(s)</source>
        <translation>
            <numerusform>%n unscheduled pod</numerusform>
            <numerusform>%n unscheduled pods</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>EtcdPanel</name>
    <message numerus="yes">
        <source>%n key(s)</source>
        <translation>
            <numerusform>%n key</numerusform>
            <numerusform>%n keys</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ServePanel</name>
    <message numerus="yes">
        <source>%n request(s) served</source>
        <translation>
            <numerusform>%n request served</numerusform>
            <numerusform>%n requests served</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n open watch(es)</source>
        <translation>
            <numerusform>%n open watch</numerusform>
            <numerusform>%n open watches</numerusform>
        </translation>
    </message>
</context>
</TS>
