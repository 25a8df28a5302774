<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>QObject</name>
    <message>
        <source>the canvas is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot write %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled: nothing was applied</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rlab::ui::ActivityPanel</name>
    <message>
        <source>Reconciles of</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a reconcile to read everything it did.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all controllers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Live cluster: its controllers reconcile inside kube-controller-manager, out of sight of the API. Shown here: the shadow controller&apos;s syncDeployment on the cluster&apos;s state (shadow/deployment).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rlab::ui::ApplyProgressDialog</name>
    <message>
        <source>Applying manifests</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the manifests…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Writing has begun: the batch finishes (all or nothing)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decoding %1 of %2 objects…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checking %1 of %2 objects (server-side dry run)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Writing %1 of %2 objects (no longer cancellable: all or nothing)…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rlab::ui::ArithmeticPanel</name>
    <message>
        <source>Deployment:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apply a Deployment to see its rolling-update arithmetic.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Live cluster: the figures come from its Deployment&apos;s spec and status; the sync log below is the shadow controller&apos;s syncDeployment on that state.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rlab::ui::CanvasScene</name>
    <message>
        <source>Unscheduled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>0 pods waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pods without a ReplicaSet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>namespace %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deleted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NotReady</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 pod</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 pods</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 pod waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 pods waiting</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rlab::ui::CardContents</name>
    <message>
        <source>rev %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>desired</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>current</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>available</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PAUSED · </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>updated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>
node: none yet (spec.nodeName empty, waiting for the scheduler)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>
node: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>
owner: %1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>
owner: none</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rlab::ui::ChartFeeder</name>
    <message>
        <source>Replicas per ReplicaSet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deployment status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workqueue depth per controller</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>API requests per second</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pods</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>keys waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>requests / s</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rlab::ui::ChartsPanel</name>
    <message>
        <source>Export PNG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chart:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deployment:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export chart as PNG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export PNG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export chart data as CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export CSV</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rlab::ui::ClusterCanvas</name>
    <message>
        <source>Fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit the whole cluster in view (0 or double-click)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom in (+ or Ctrl+wheel)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom out (- or Ctrl+wheel)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apply a Deployment (drop a manifest here or use Apply) to watch it roll out</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rlab::ui::ClusterCommands</name>
    <message>
        <source>deployment &quot;%1&quot; has no running pod to delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fail node %1 (its kubelet stops)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no node &quot;%1&quot; with a kubelet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>node/%1 failed: its kubelet stopped; NotReady (Unknown) and tainted now, its pods evicted after 300 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>recover node %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>node/%1 recovered: its kubelet posts Ready again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>replica-floor controller %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>replicafloor controller enabled: it raises every Deployment below 3 replicas to 3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>replicafloor controller disabled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reset cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fresh cluster: three Ready nodes, nothing else</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reset cancelled: the cluster was kept</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rlab::ui::ClusterControls</name>
    <message>
        <source>Nodes and controllers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replica-floor controller</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fail node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The node&apos;s kubelet stops: NotReady (Unknown), tainted unreachable; pods evicted after 300 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recover node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The kubelet posts Ready again; Terminating pods on it are removed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The lab&apos;s custom controller, written with the controller-runtime style Builder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Raises any Deployment below 3 replicas to 3: scale to 1 and watch two level-based controllers converge.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Throw the cluster away: empty store, three Ready nodes</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rlab::ui::ClusterSession</name>
    <message>
        <source>another batch is being applied</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rlab::ui::CommandTerminal</name>
    <message>
        <source>each button runs a kubectl command, shown here</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rlab::ui::ConflictExplainer</name>
    <message>
        <source>an unknown client</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (worker %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why 409 Conflict: %1 was written at revision %2 (t = %3 s) by %4 (%5), after the %6 controller&apos;s informer cache had given it its copy. Its update carried the older resourceVersion, so the API server refused it (optimistic concurrency: every update must name the version it changes).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>write</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Upstream kube-controller-manager does exactly the same: the first sync after an apply often loses this race, and nothing is wrong.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>handleErr requeues the key (addRateLimited, a short backoff); the next sync reads the object from the updated cache and succeeds.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why 409 Conflict: %1 was written at revision %2 (t = %3 s) by this same sync — %4 (%5). A later update of the sync still carried the resourceVersion of the copy the sync started from, so the API server refused it (optimistic concurrency: every update must name the version it changes).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Upstream kube-controller-manager does exactly the same (getNewReplicaSet updates the status, then syncRolloutStatus updates it again from its older copy), and nothing is wrong.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rlab::ui::ControlsPanel</name>
    <message>
        <source>Deployment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none yet: apply one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Viewing the past (read-only): every command is off until you return to Live.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rlab::ui::DeploymentControls</name>
    <message>
        <source>Scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>spec.replicas</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kubectl scale --replicas=N−1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kubectl scale --replicas=N+1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kubectl scale deployment --replicas=N (PATCH …/scale)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Container</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kubectl set image deployment/&lt;name&gt; &lt;container&gt;=&lt;image&gt;: a new template, a new rollout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Roll back (rollout history)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>REVISION · image · CHANGE-CAUSE, as kubectl rollout history lists them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Roll back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kubectl rollout undo [--to-revision=N]: the revision&apos;s template comes back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rollout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kubectl rollout pause: template changes wait, scaling still works</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kubectl rollout resume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kubectl rollout restart: template annotation kubectl.kubernetes.io/restartedAt, a new rollout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>previous revision</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rlab::ui::EtcdKeyModel</name>
    <message>
        <source>%1
created at revision %2, last modified at revision %3, version %4 (puts since creation)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>create_revision: the revision of the PUT that created the key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mod_revision: the revision of the key&apos;s last PUT (the object&apos;s resourceVersion)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>version: PUTs since the key was created (1 = never modified)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Create</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mod</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ver</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rlab::ui::EtcdPanel</name>
    <message>
        <source>The store&apos;s current revision: every write (PUT or DELETE) bumps it by one.
A Kubernetes object&apos;s resourceVersion is the revision of its last write.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>etcd revision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>History</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Watch events (etcdctl watch --prefix /)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n key(s)</source>
        <translation>
            <numerusform>%n key</numerusform>
            <numerusform>%n keys</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 was deleted at revision %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At revision %1 · version %2 · %3 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a key to see the bytes the API server wrote.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 does not exist (deleted).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Now: mod revision %1 · version %2 · %3 bytes</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rlab::ui::EventsModel</name>
    <message>
        <source>%1 %2 on %3 %4 (from %5), seen %6 time(s)
%7</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LAST SEEN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TYPE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>REASON</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OBJECT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MESSAGE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>COUNT</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rlab::ui::EventsPanel</name>
    <message>
        <source>1 event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 Warning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 Warnings</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rlab::ui::FieldOriginFinder</name>
    <message>
        <source>%1: no retained history</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>absent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 = %2 since revision %3%4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> or earlier</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (t=%1) · %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rlab::ui::HistoryModel</name>
    <message>
        <source>REVISION</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CHANGE-CAUSE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ReplicaSet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replicas now</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rlab::ui::HistoryPanel</name>
    <message>
        <source>Roll back to this revision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deployment:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Template diff: revision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>→ revision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pick two revisions (or select two rows) to see how their pod templates differ.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kubectl rollout undo --to-revision=&lt;the selected row&apos;s revision&gt;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rlab::ui::KeyHistoryModel</name>
    <message>
        <source>%1 B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Revision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rlab::ui::LabOnly</name>
    <message>
        <source>Lab only: %1 (File → Back to the lab)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a real cluster&apos;s controllers run on their own, there is no reconcile to step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a real cluster&apos;s controllers run in kube-controller-manager</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a real cluster&apos;s hops take the time they take</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a real cluster runs in real time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a real cluster is not thrown away from here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fault injection stops the lab&apos;s simulated kubelets, a real node is not failed from here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the replica-floor controller runs in the simulator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a lesson runs its own scenario on the simulator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a live session records itself (File → Connect to cluster records every watch event)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the window serves the lab&apos;s API, a real cluster has its own</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rlab::ui::LessonPanel</name>
    <message>
        <source>Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your prediction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reveal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lessons</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step %1 / %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No lessons found.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a lesson and press Start. Time stops while a lesson runs: each step moves the cluster.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lesson complete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You predicted %1 of %2 answers correctly.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The cluster could not answer: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The cluster says: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✓ Right! The cluster says %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✗ Not quite: you said %1, the cluster says %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skip</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run step ▶</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finish</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next →</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skip to the end ⏭</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rlab::ui::LiveBanner</name>
    <message>
        <source>Allow writes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send the window&apos;s commands (scale, set image, undo, pause, resume, restart, delete pod) to this cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Writes enabled ✓</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 matched · %2 mismatched · %3 not done · %4 pending</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shadow syncDeployment will: %1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shadow syncDeployment: nothing to do now (last predicted and done: %1) — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shadow syncDeployment: nothing to do — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✓ No mismatch so far: the cluster did what the shadow controller predicted.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rlab::ui::LiveMenu</name>
    <message>
        <source>Live cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connect to cluster…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open recording…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back to the lab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connect to cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>current-context</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the context&apos;s namespace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kubeconfig</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>context</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>namespace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open recording</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reconcile Lab recordings (*.jsonl);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send the window&apos;s commands to the real cluster of context &quot;%1&quot;? Scale, set image, undo, pause, resume, restart and delete pod will change it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allow writes</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rlab::ui::MainWindow</name>
    <message>
        <source>Reconcile Lab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deployment and ReplicaSet controllers, scheduler and kubelets run on the virtual clock (deterministic runner).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Manifest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Objects</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inspector</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>etcd</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restore default layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apply manifest files (YAML or JSON, one or more documents) — all or nothing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Apply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kubectl apply the editor&apos;s manifest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Reset cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Throw the cluster away and start a fresh one: empty store, three Ready nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Main</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Revision %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Virtual time %1 (%2 UTC)%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · paused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 nodes · %2 deployments · %3 replicasets · %4 pods · %5 other</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refused, nothing changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apply manifests</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Manifests (*.yaml *.yml *.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fresh cluster: three Ready nodes, nothing else</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dropped text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Controls</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workqueues</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Controller activity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Charts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rollout history</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lesson</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Serve the API</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time travel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Viewing the past (read-only): press Live to return</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Arithmetic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no recorded origin (compacted or never set)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export canvas…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export canvas</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Canvas saved to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A lesson is running. Reset the cluster and end the lesson?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cluster time %1 UTC%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>another batch is being applied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved lab (*.rlab);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;lab…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open lab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save lab…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save lab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Autosave failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open the lab: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lab %1 restored at revision %2: every controller starts again against its store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lab saved to %1 (revision %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot save the lab: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reconcile Lab did not close normally last time. Restore the lab it saved automatically at %1?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restore lab</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rlab::ui::ManifestEditor</name>
    <message>
        <source>Apply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sample</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kubectl apply -f %1 (Ctrl+Return)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replace the text with the sample nginx Deployment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing was applied: the store is still at revision %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Store revision %1 → %2.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rlab::ui::ModelChartView</name>
    <message>
        <source>virtual time (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>could not write %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rlab::ui::ObjectInspector</name>
    <message>
        <source>No object selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select an object in the Objects panel.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Double-click a field (or right-click it) to find the etcd revision that set its value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where did this value come from?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where did %1 get its value?</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rlab::ui::ObjectTreeModel</name>
    <message>
        <source>Nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deployments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ReplicaSets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pods</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Other</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2) · namespaces, events, kinds not simulated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Namespace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rev</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rlab::ui::PodControls</name>
    <message>
        <source>Pods</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete pod</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete random</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kubectl delete pod: graceful; the ReplicaSet creates a replacement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kubectl delete pod on one of the Deployment&apos;s pods, chosen at random</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rlab::ui::PresenterMode</name>
    <message>
        <source>Presenter mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Play / pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back one revision</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rlab::ui::ReconcileModel</name>
    <message>
        <source>running…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>t (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Controller</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Worker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Took</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the reconcile did</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rlab::ui::RecordControls</name>
    <message>
        <source>● Record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>■ Stop and save…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replay…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start a fresh cluster and record what you do as a scenario with its timing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replay a recorded session and check that the trace and the final state are identical</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>recording from a fresh cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing recorded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>saved %1 steps to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>replayed %1: trace and final state identical (%2 of virtual time)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>replayed %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the recorded session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scenario (*.yaml)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replay a recorded session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>● recording · 1 step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>● recording · %1 steps</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rlab::ui::RevisionExplainer</name>
    <message>
        <source>Only a change of the pod template (spec.template: image, env, labels, annotations of the pod) creates a revision: the Deployment controller hashes the template, finds no ReplicaSet with that pod-template-hash and creates one with revision = highest + 1. Scaling, pause/resume and the Deployment&apos;s own labels do not. Rolling back (kubectl rollout undo) copies an old ReplicaSet&apos;s template into the Deployment: that ReplicaSet becomes the new one and is renumbered to highest + 1, so its old number disappears from the list.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deployment/%1 was created: its pod template will be revision 1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The pod template now equals revision %1&apos;s (ReplicaSet %2): a rollback. No new ReplicaSet; %2 is scaled up again and renumbered to revision %3, so revision %1 leaves the list.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (image %1 → %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>spec.template changed%1: a new ReplicaSet and a new revision.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>spec.replicas %1 → %2: scaling is not a pod-template change, so no new revision (the ReplicaSets are resized, proportionally during a rollout).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>spec.paused = true: pausing creates no revision; template changes made while paused wait until resume.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>spec.paused = false: resuming creates no revision by itself; a template changed while paused rolls out now.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No pod-template change: no new revision.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rlab::ui::ScenarioPlayer</name>
    <message>
        <source>%1: cancelled after %2 of %3 steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running %1: step %2 of %3…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rlab::ui::ServeController</name>
    <message>
        <source>this build of Reconcile Lab has no HTTP server</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rlab::ui::ServePanel</name>
    <message>
        <source>Cannot serve the API: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copied. Paste it into a terminal, then run kubectl there.</source>
        <translation type="unfinished"></translation>
    </message>
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
    <message>
        <source>● Serving the API</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Serve the API</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Serve this cluster&apos;s Kubernetes API on 127.0.0.1 for the real kubectl</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy the export line to the clipboard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not serving</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>export KUBECONFIG=… appears here while serving</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>then try:  kubectl get nodes   kubectl apply -f nginx.yaml   kubectl get pods -w</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kubectl&apos;s requests appear in the trace as apiserver HttpRequest rows.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lets the real kubectl drive this cluster. Loopback only: other machines cannot connect.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This build of Reconcile Lab has no HTTP server: use `rlab serve` instead.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rlab::ui::SpeedSlider</name>
    <message>
        <source>Virtual time per real second: ×0.1 … ×100 (logarithmic)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Speed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 → ×%2 (busy)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The cluster has more work than fits in a frame: virtual time runs slower than the chosen speed</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rlab::ui::SyncStepModel</name>
    <message>
        <source>t (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ReplicaSet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>spec.replicas</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>why (the numbers)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rlab::ui::TimeCommands</name>
    <message>
        <source>no reconcile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · %1 etcd writes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>+%1 · </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing to reconcile: every workqueue is empty and no timer is due within %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No event pending: every workqueue is empty and no timer is set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>+%1 · %2 timer(s) fired · </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no time passed (work was pending) · </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error from server (NotFound): deployments.apps &quot;%1&quot; not found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deployment &quot;%1&quot; is paused: resume it to let the rollout finish</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopped after %1 of virtual time: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>+%1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>+%1 · next hop · </source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rlab::ui::TimeControls</name>
    <message>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step one reconcile (→): run the informers and exactly one controller work item; pauses time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step to the next event (Shift+→): run what is pending, or jump the virtual clock to the next timer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run until complete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step-by-step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Live threads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deterministic runner: one thread runs informers and controllers in a fixed order; steps possible</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Controllers on worker QThreads (5 Deployment, 5 ReplicaSet workers), as in kube-controller-manager</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How the control plane runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Virtual time since the cluster started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No Deployment to run until complete: apply one first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Play</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pause virtual time (Space)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Let virtual time run at the chosen speed (Space)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · paused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run until a Deployment&apos;s rollout is complete (apply one first)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run virtual time until deployment &quot;%1&quot; is rolled out: updated = available = replicas, Progressing reason NewReplicaSetAvailable (at most 15 min)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every hop slowed so that it is seen at ×1: keys wait in the queues, workers hold them, pods stay Pending</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Figures of real clusters: API requests in milliseconds, 20 requests/s per controller client</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every hop free: only kubelet stages and explicit delays take time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Classroom</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Realistic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Instant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Latency: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What each hop of the control plane costs in virtual time</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rlab::ui::TimeTravel</name>
    <message>
        <source>viewing revision %1 (read-only): return to live first</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rlab::ui::TimeTravelBar</name>
    <message>
        <source>Viewing the past — read-only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Live</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous revision: the cluster before the last write</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next revision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back to the present: time runs again and writes show as they happen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Store revisions: every write (PUT or DELETE) is one step. Drag to see the cluster as it was.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>revision %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · the empty store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>● Live</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Viewing the past — read-only ·</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>history before t=%1 dropped: live mode keeps at most %2 watch events and %3 MiB (%4 older events dropped)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>history before revision %1 compacted</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rlab::ui::TraceEventModel</name>
    <message>
        <source>t (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rev</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Component</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What happened</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rlab::ui::WatchEventModel</name>
    <message>
        <source>DELETE %1 at revision %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PUT %1 at revision %2: %3 (version %4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>key created</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>key modified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rev</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rlab::ui::WorkQueueLane</name>
    <message>
        <source>waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>worker 00</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>+%1 more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>after delay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>requeued by done()</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>empty — get() would block</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>worker ?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>worker %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dirty ×%1 — will requeue on done()</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dirty — will requeue on done()</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>requeues %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 worker thread</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 worker threads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deterministic runner: worker 0 only</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rlab::ui::WorkQueueModel</name>
    <message>
        <source>add(%1): already queued → deduplicated%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>add(%1) while a worker processes it → dirty, done() will requeue it%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>done(%1) requeued it: it was re-added while processing%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queued (FIFO)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiting (addAfter / backoff)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>add</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>after delay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>requeued by done()</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>depth %1 · processing %2 · waiting %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>adds %1 · dedups %2 · requeues %3 · retries %4 · longest running %5 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>×%1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waited %1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>worker ?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>worker %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · dirty — will requeue on done()</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>running %1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>requeues %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>addAfter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ready in %1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rlab::ui::WorkQueuePanel</name>
    <message>
        <source>Which controllers&apos; workqueues to show</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workqueues of</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deployment + replicaset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all controllers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Live cluster: its workqueues live inside kube-controller-manager and are not visible over the API. The shadow controller syncs each Deployment as its events arrive: see Controller activity.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rlab::ui::TraceWording</name>
    <message>
        <source>Reflector ListAndWatch: listed %1 %2 at rv %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>received %1 %2 (rv %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>add %1 (depth %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>add %1: already queued, deduplicated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>addAfter %1: in %2 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>addRateLimited %1: retry %2 in %3 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>worker %1 got %2 after %3 ms in the queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>worker %1 done with %2 (%3 ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>forget %1: failure count reset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>etcd created %1 at revision %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>etcd updated %1 at revision %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>etcd deleted %1 at revision %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compacted the history before revision %1 (%2 compacts every %3 minutes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bound %1 to %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 nodes fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bound to %1 (score %2 of</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scores</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no node fits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing to do</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 already has spec.replicas %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot scale up %1 beyond %2 (maxSurge %3: %4 allowed, %5 running)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scaled up %1 from %2 to %3 (maxSurge %4: %5 allowed, %6 running)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot scale down: %1 pods - minAvailable %2 - %3 unavailable in %4 = %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scaled down %1 from %2 to %3 (%4 available &gt; minAvailable %5: may remove %6)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scaled down %1 from %2 to %3 (Recreate: old pods go before new ones are created)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>status: %1 replicas, %2 updated, %3 ready, %4 available, %5 unavailable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>created new replica set %1 (pod-template-hash %2, revision %3) with %4 replicas</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 allowed, %3 running)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>found new replica set %1 (its template matches)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>found new replica set %1: deployment revision %2 written with UpdateStatus</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>updated it: revision %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>updating the new replica set %1 failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>UpdateStatus failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 failed:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operation cannot be fulfilled on %1 %2: the object has been modified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>please apply your changes to the latest version and try again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>after:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>replica set %1 is annotated desired-replicas %2 but the deployment wants %3: a scaling event, handled by sync</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is the only active replica set: scaled up from %2 to %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is the only active replica set: scaled down from %2 to %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>paused: only scaling and cleanup, no rollout step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>old pods are still running: waiting for them to be gone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no progress: progress check queued in %1 s (lastUpdateTime + %2 s + %3 s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no progress for progressDeadlineSeconds %1: Progressing=False ProgressDeadlineExceeded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>progress (updated %1, old %2, ready %3, available %4): Progressing=True ReplicaSetUpdated, deadline restarted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the rollout is complete: Progressing=True NewReplicaSetAvailable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>paused: Progressing=Unknown DeploymentPaused (the deadline stops counting)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>resumed: Progressing=Unknown DeploymentResumed (the deadline restarts now)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>too few replicas for ReplicaSet %1, need %2, creating %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>too many replicas for ReplicaSet %1, need %2, deleting %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Updating status for ReplicaSet: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>replica floor is switched off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>raised %1 from %2 to the floor of %3 replicas</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has %2 replicas, floor %3: in the desired state</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>new pod on this node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sandbox created, starting %1 container(s) in order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pulling image %1 for container %2 (ready in %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>attempt %1 after the back-off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pulling image %1 failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(the lab&apos;s rule for images that do not exist)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>image pull back-off %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>next pull in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>image %1 pulled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>container %1 created, starting it (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>container %1 started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>container %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running on IP %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>readiness check in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>container %1 passed its readiness check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no readiness probe: ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pod Ready (Ready and ContainersReady True)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>status:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>next stage in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deletionTimestamp is set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Terminating: stopping container %1 (grace period %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>exits after %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>containers stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the kubelet deletes the pod with grace %1, which removes it from etcd</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deleted with grace %1: the pod is removed from etcd</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the pod is gone from the API</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the pod is already being deleted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the node stops answering</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its kubelet stops posting status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the kubelet on %1 stopped (node failure): it runs no stage and posts no status until the node recovers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no status from %1&apos;s kubelet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tainted %1 with %2 (no new pods) and %3 (pods are evicted when their toleration runs out)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tainted unreachable NoSchedule + NoExecute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 pod(s) on %2 set to Ready=False</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>their ReplicaSets see them as unavailable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 pod(s) marked NotReady</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tolerates the NoExecute taint for %1: eviction in %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deleted: its toleration of %1 for the NoExecute taint ran out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>taint eviction: %1 on %2 is deleted because its toleration of %3 for the NoExecute taint ran out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the node is back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its kubelet starts again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the kubelet on %1 is back after %2: every stage on the node resumes where it stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>resyncing its %1 pod(s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1&apos;s kubelet posts Ready=True again (KubeletReady)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>removed the %1 taints from %2: it takes new pods again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unreachable taints removed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Successfully assigned %1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scaled up replica set %1 to %2 from %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scaled up replica set %1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scaled down replica set %1 to %2 from %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scaled down replica set %1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Created pod: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(combined from similar events):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(not written: the event spam filter lets a source write %1 events about one object, then %2 every %3 minutes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deleted pod: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pulling image %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Successfully pulled image %1 in %2 (%3 including waiting). Image size: %4 bytes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Container image %1 already present on machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Created container: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Started container %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopping container %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back-off pulling image %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed to pull image %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node %1 status is now: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node is not ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Marking for deletion Pod %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not written for an hour expired (kube-apiserver --event-ttl=1h)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>resync (every %1 s): onUpdate(obj, obj) for %2 cached %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 unschedulable pod(s) retried after their backoff</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has the same template as the deployment: skipping the rollback</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 keeps %2 replicas; annotations desired-replicas %3, max-replicas %4 refreshed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 ready pods available: sync again in minReadySeconds %3s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the namespace is terminating, the key is not retried</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Controller still waiting on expectations (add %1, del %2): manageReplicas skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ReplicaSet %1 has been deleted: its expectations are forgotten</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>adopted orphan ReplicaSet %1 (its labels match the selector)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>released ReplicaSet %1 (its labels no longer match the selector)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>annotation %1 asks for a rollback</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>annotations copied from the deployment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bound to %1 (the only node that fits)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot scale down: %1 available &lt;= minAvailable %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>adopted orphan pod %1 (controller ownerReference added)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>released pod %1 (its labels no longer match the selector)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>copied the pod template of %1 (revision %2) into the deployment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hash collision: %1 exists with another template; collisionCount %2 → %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>new replica set %1 is saturated: scaled down old %2 from %3 to 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the progress deadline is due: requeued (rate limited) for a progress check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no new replica set for deployment %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no replica set has revision %1: giving up the rollback</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unable to find last revision: giving up the rollback</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>replica set %1 already exists and is ours with this template: using it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>revisionHistoryLimit %1, %2 old replica sets: deleted %3 (revision %4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scaled down %1 from %2 to %3 (more than spec.replicas)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scaled down %1 from %2 to %3: %4 of its replicas are not available (may remove %5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scaled up %1 from %2 to %3 (no old pod is running)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scaled up %1 from %2 to %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scaled down %1 from %2 to %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only %1 fits (no scoring)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>top scores</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the ReplicaSet controller has not observed generation %1 yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the deployment is being deleted: only its status is updated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the selector is empty and would select all pods: nothing is done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unable to delete pods</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>updating %1 to %2 replicas failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>proportional scaling to %1 replicas</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deployment has minimum availability.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deployment does not have minimum availability.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nodes are available:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>node(s) had untolerated taint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>node(s) were unschedulable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>node(s) didn&apos;t match Pod&apos;s node affinity/selector</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed to pull and unpack image %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed to resolve reference %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (an absolute number, no rounding)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 = %3 (whole, nothing to round)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 = %3 → rounds up to %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 = %3 → rounds down to %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>maxSurge and maxUnavailable both 0 → maxUnavailable 1, so the rollout can progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>with 0 replicas nothing can be unavailable → 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>capped at replicas %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(unset)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recreate: no surge, the new ReplicaSet starts after every old pod is gone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recreate: every old pod goes down first (all %1 unavailable)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no room: maxTotal %1 (%2 + maxSurge %3) − current %4 = %5 → stays %6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>new RS may grow to maxTotal %1 (%2 + maxSurge %3) − current %4 = %5; still needed %2 − %6 = %7; min(%5, %7) = %8 → %6 + %8 = %9</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of its pods are not available; at most %2 may go (maxScaledDown) → min(%1, %2) = %3 removed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>available %1 − minAvailable %2 = %3 may go; %4 − %5 = %6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>maxScaledDown = %1 pods − minAvailable %2 − %3 unavailable in the new RS = %4 → no old pod may go</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(this sync then failed and was requeued; the write stands)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>replicas %1 (need %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sequence No: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>back-off over, restarting container %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>container %1 exited with code 1 after %2 (rlab.dev/crash-after)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>container %1 fails its readiness check and stays not ready (rlab.dev/never-ready)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back-off restarting failed container %1 in pod %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Readiness probe failed: HTTP probe failed with statuscode: 503</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>restarting failed container=%1 pod=%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has just been deleted at %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all dependents of %1 %2 are gone: removed the foregroundDeletion finalizer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deleted %1 %2: its owner %3 %4 no longer exists</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deleting %1 %2 in the foreground: its owner %3 %4 is being deleted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>orphaned %1 dependents of %2 %3 and removed the orphan finalizer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a pod of this node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the kubelet is stopped (node failure): nothing happens until the node recovers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the pod changed under the kubelet; the informer will bring it back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the pod is gone: its containers are removed and its IP is released</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the pod was deleted meanwhile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the cluster&apos;s watch sent %1 %2 %3 (resourceVersion %4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kubelet stopped posting node status.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>node %1 does not exist</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>containers with unready status: [%1]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The container could not be located when the pod was terminated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error creating: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error deleting: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reflector ListAndWatch: list failed:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reflector: watch failed:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>watch error %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>resuming from rv %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>watch from rv %1 expired (410 Gone: %2): relisting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cached objects are gone and will be delivered as DeletedFinalStateUnknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slow-start failure. Skipping creation of %1 pods, decrementing expectations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>syncDeployment will:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Taint manager: deleting due to NoExecute taint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it does not tolerate %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its toleration of %1 for the NoExecute taint ran out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its tolerations tolerate the NoExecute taints forever: never evicted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>node %1 has no NoExecute taint: nothing to evict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the pod is gone or not on a node</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
