<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ko" sourcelanguage="en">
<context>
    <name>QObject</name>
    <message>
        <source>the canvas is empty</source>
        <translation>캔버스가 비어 있습니다</translation>
    </message>
    <message>
        <source>cannot write %1</source>
        <translation>%1에 쓸 수 없습니다</translation>
    </message>
    <message>
        <source>cancelled: nothing was applied</source>
        <translation>취소됨: 아무것도 적용되지 않았습니다</translation>
    </message>
</context>
<context>
    <name>rlab::ui::ActivityPanel</name>
    <message>
        <source>Reconciles of</source>
        <translation>다음의 reconcile:</translation>
    </message>
    <message>
        <source>Select a reconcile to read everything it did.</source>
        <translation>reconcile을 선택하면 그 reconcile이 한 일을 모두 볼 수 있습니다.</translation>
    </message>
    <message>
        <source>all controllers</source>
        <translation>모든 컨트롤러</translation>
    </message>
    <message>
        <source>Live cluster: its controllers reconcile inside kube-controller-manager, out of sight of the API. Shown here: the shadow controller&apos;s syncDeployment on the cluster&apos;s state (shadow/deployment).</source>
        <translation>실시간 클러스터: 컨트롤러는 kube-controller-manager 안에서 reconcile하며 API로는 보이지 않습니다. 여기에는 클러스터 상태에 대한 섀도 컨트롤러의 syncDeployment가 보입니다 (shadow/deployment).</translation>
    </message>
</context>
<context>
    <name>rlab::ui::ApplyProgressDialog</name>
    <message>
        <source>Applying manifests</source>
        <translation>매니페스트 적용 중</translation>
    </message>
    <message>
        <source>Reading the manifests…</source>
        <translation>매니페스트를 읽는 중…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>취소</translation>
    </message>
    <message>
        <source>Writing has begun: the batch finishes (all or nothing)…</source>
        <translation>쓰기가 시작되었습니다: 배치는 끝까지 진행됩니다(전부 또는 전무)…</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>취소하는 중…</translation>
    </message>
    <message>
        <source>Decoding %1 of %2 objects…</source>
        <translation>객체 %2개 중 %1개 디코딩 중…</translation>
    </message>
    <message>
        <source>Checking %1 of %2 objects (server-side dry run)…</source>
        <translation>객체 %2개 중 %1개 확인 중(서버 측 dry run)…</translation>
    </message>
    <message>
        <source>Writing %1 of %2 objects (no longer cancellable: all or nothing)…</source>
        <translation>객체 %2개 중 %1개 쓰는 중(더 이상 취소 불가: 전부 또는 전무)…</translation>
    </message>
</context>
<context>
    <name>rlab::ui::ArithmeticPanel</name>
    <message>
        <source>strategy %1</source>
        <translation>전략 %1</translation>
    </message>
    <message>
        <source>as written %1: %2</source>
        <translation>작성된 값 %1: %2</translation>
    </message>
    <message>
        <source>allowed total</source>
        <translation>허용 총수</translation>
    </message>
    <message>
        <source>replicas %1 + maxSurge %2: never more pods than this</source>
        <translation>replicas %1 + maxSurge %2: Pod가 이보다 많아지지 않음</translation>
    </message>
    <message>
        <source>minimum available</source>
        <translation>최소 가용</translation>
    </message>
    <message>
        <source>replicas %1 − maxUnavailable %2: never fewer available pods</source>
        <translation>replicas %1 − maxUnavailable %2: 가용 Pod가 이보다 적어지지 않음</translation>
    </message>
    <message>
        <source>current total</source>
        <translation>현재 총수</translation>
    </message>
    <message>
        <source>spec.replicas over %1 ReplicaSet(s): new %2, old %3</source>
        <translation>ReplicaSet %1개의 spec.replicas: 새 %2, 이전 %3</translation>
    </message>
    <message>
        <source>available now</source>
        <translation>현재 가용</translation>
    </message>
    <message>
        <source>status.availableReplicas summed</source>
        <translation>status.availableReplicas 합계</translation>
    </message>
    <message>
        <source>scale up now?</source>
        <translation>지금 스케일 업?</translation>
    </message>
    <message>
        <source>scale down now?</source>
        <translation>지금 스케일 다운?</translation>
    </message>
    <message>
        <source>reconcileOldReplicaSets: total %1 − minAvailable %2 − %3 unavailable in the new RS = %4</source>
        <translation>reconcileOldReplicaSets: 총 %1 − minAvailable %2 − 새 RS의 사용 불가 %3 = %4</translation>
    </message>
    <message>
        <source>Deployment:</source>
        <translation>Deployment:</translation>
    </message>
    <message>
        <source>Apply a Deployment to see its rolling-update arithmetic.</source>
        <translation>Deployment를 적용하면 rolling update 계산을 볼 수 있습니다.</translation>
    </message>
    <message>
        <source>Live cluster: the figures come from its Deployment&apos;s spec and status; the sync log below is the shadow controller&apos;s syncDeployment on that state.</source>
        <translation>실시간 클러스터: 수치는 Deployment의 spec과 status에서 나옵니다. 아래의 sync 기록은 그 상태에 대한 섀도 컨트롤러의 syncDeployment입니다.</translation>
    </message>
</context>
<context>
    <name>rlab::ui::CanvasScene</name>
    <message>
        <source>Unscheduled</source>
        <translation>스케줄 대기</translation>
    </message>
    <message>
        <source>0 pods waiting</source>
        <translation>대기 중인 Pod 0개</translation>
    </message>
    <message>
        <source>Pods without a ReplicaSet</source>
        <translation>ReplicaSet 없는 Pod</translation>
    </message>
    <message>
        <source>namespace %1</source>
        <translation>네임스페이스 %1</translation>
    </message>
    <message>
        <source>deleted</source>
        <translation>삭제됨</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>Ready</translation>
    </message>
    <message>
        <source>NotReady</source>
        <translation>NotReady</translation>
    </message>
    <message>
        <source>1 pod</source>
        <translation>Pod 1개</translation>
    </message>
    <message>
        <source>%1 pods</source>
        <translation>Pod %1개</translation>
    </message>
    <message>
        <source>1 pod waiting</source>
        <translation>대기 중인 Pod 1개</translation>
    </message>
    <message>
        <source>%1 pods waiting</source>
        <translation>대기 중인 Pod %1개</translation>
    </message>
</context>
<context>
    <name>rlab::ui::CardContents</name>
    <message>
        <source>rev %1</source>
        <translation>rev %1</translation>
    </message>
    <message>
        <source>desired</source>
        <translation>목표</translation>
    </message>
    <message>
        <source>current</source>
        <translation>현재</translation>
    </message>
    <message>
        <source>ready</source>
        <translation>준비</translation>
    </message>
    <message>
        <source>available</source>
        <translation>가용</translation>
    </message>
    <message>
        <source>PAUSED · </source>
        <translation>일시 중지됨 · </translation>
    </message>
    <message>
        <source>updated</source>
        <translation>최신</translation>
    </message>
    <message>
        <source>
node: none yet (spec.nodeName empty, waiting for the scheduler)</source>
        <translation>
노드: 아직 없음 (spec.nodeName 비어 있음, 스케줄러 대기 중)</translation>
    </message>
    <message>
        <source>
node: %1</source>
        <translation>
노드: %1</translation>
    </message>
    <message>
        <source>
owner: %1 %2</source>
        <translation>
소유자: %1 %2</translation>
    </message>
    <message>
        <source>
owner: none</source>
        <translation>
소유자: 없음</translation>
    </message>
    <message>
        <source>%1/%2 ready</source>
        <translation>%1/%2 준비</translation>
    </message>
    <message>
        <source>%1/%2 ready · %3 updated</source>
        <translation>%1/%2 준비 · %3 최신</translation>
    </message>
</context>
<context>
    <name>rlab::ui::ChartFeeder</name>
    <message>
        <source>Replicas per ReplicaSet</source>
        <translation>ReplicaSet별 레플리카</translation>
    </message>
    <message>
        <source>Deployment status</source>
        <translation>Deployment 상태</translation>
    </message>
    <message>
        <source>Workqueue depth per controller</source>
        <translation>컨트롤러별 workqueue 길이</translation>
    </message>
    <message>
        <source>API requests per second</source>
        <translation>초당 API 요청</translation>
    </message>
    <message>
        <source>pods</source>
        <translation>Pod</translation>
    </message>
    <message>
        <source>keys waiting</source>
        <translation>대기 중인 키</translation>
    </message>
    <message>
        <source>requests / s</source>
        <translation>요청 / 초</translation>
    </message>
</context>
<context>
    <name>rlab::ui::ChartsPanel</name>
    <message>
        <source>Export PNG…</source>
        <translation>PNG로 내보내기…</translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation>CSV로 내보내기…</translation>
    </message>
    <message>
        <source>Chart:</source>
        <translation>차트:</translation>
    </message>
    <message>
        <source>Deployment:</source>
        <translation>Deployment:</translation>
    </message>
    <message>
        <source>Export chart as PNG</source>
        <translation>차트를 PNG로 내보내기</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG 이미지 (*.png)</translation>
    </message>
    <message>
        <source>Export PNG</source>
        <translation>PNG 내보내기</translation>
    </message>
    <message>
        <source>Export chart data as CSV</source>
        <translation>차트 데이터를 CSV로 내보내기</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV 파일 (*.csv)</translation>
    </message>
    <message>
        <source>Export CSV</source>
        <translation>CSV 내보내기</translation>
    </message>
</context>
<context>
    <name>rlab::ui::ClusterCanvas</name>
    <message>
        <source>Fit</source>
        <translation>맞춤</translation>
    </message>
    <message>
        <source>Fit the whole cluster in view (0 or double-click)</source>
        <translation>클러스터 전체를 화면에 맞춥니다 (0 또는 더블클릭)</translation>
    </message>
    <message>
        <source>Zoom in (+ or Ctrl+wheel)</source>
        <translation>확대 (+ 또는 Ctrl+휠)</translation>
    </message>
    <message>
        <source>Zoom out (- or Ctrl+wheel)</source>
        <translation>축소 (- 또는 Ctrl+휠)</translation>
    </message>
    <message>
        <source>Apply a Deployment (drop a manifest here or use Apply) to watch it roll out</source>
        <translation>Deployment를 적용하면 (여기에 매니페스트를 끌어다 놓거나 적용 사용) rollout 과정을 볼 수 있습니다</translation>
    </message>
</context>
<context>
    <name>rlab::ui::ClusterCommands</name>
    <message>
        <source>deployment &quot;%1&quot; has no running pod to delete</source>
        <translation>deployment &quot;%1&quot;에 삭제할 실행 중인 Pod가 없습니다</translation>
    </message>
    <message>
        <source>fail node %1 (its kubelet stops)</source>
        <translation>노드 %1 장애 (kubelet 중지)</translation>
    </message>
    <message>
        <source>no node &quot;%1&quot; with a kubelet</source>
        <translation>kubelet이 있는 노드 &quot;%1&quot;이(가) 없습니다</translation>
    </message>
    <message>
        <source>node/%1 failed: its kubelet stopped; NotReady (Unknown) and tainted now, its pods evicted after 300 s</source>
        <translation>node/%1 장애: kubelet이 멈췄습니다. 이제 NotReady (Unknown) 상태이고 taint가 붙었으며, 300초 뒤 Pod가 축출됩니다</translation>
    </message>
    <message>
        <source>recover node %1</source>
        <translation>노드 %1 복구</translation>
    </message>
    <message>
        <source>node/%1 recovered: its kubelet posts Ready again</source>
        <translation>node/%1 복구됨: kubelet이 다시 Ready를 보고합니다</translation>
    </message>
    <message>
        <source>replica-floor controller %1</source>
        <translation>replica-floor 컨트롤러 %1</translation>
    </message>
    <message>
        <source>on</source>
        <translation>켜기</translation>
    </message>
    <message>
        <source>off</source>
        <translation>끄기</translation>
    </message>
    <message>
        <source>replicafloor controller enabled: it raises every Deployment below 3 replicas to 3</source>
        <translation>replicafloor 컨트롤러 켜짐: 레플리카가 3개 미만인 모든 Deployment를 3개로 올립니다</translation>
    </message>
    <message>
        <source>replicafloor controller disabled</source>
        <translation>replicafloor 컨트롤러 꺼짐</translation>
    </message>
    <message>
        <source>reset cluster</source>
        <translation>클러스터 초기화</translation>
    </message>
    <message>
        <source>fresh cluster: three Ready nodes, nothing else</source>
        <translation>새 클러스터: Ready 노드 3개, 그 밖에는 없음</translation>
    </message>
    <message>
        <source>reset cancelled: the cluster was kept</source>
        <translation>초기화 취소됨: 클러스터를 그대로 두었습니다</translation>
    </message>
</context>
<context>
    <name>rlab::ui::ClusterControls</name>
    <message>
        <source>Nodes and controllers</source>
        <translation>노드와 컨트롤러</translation>
    </message>
    <message>
        <source>Replica-floor controller</source>
        <translation>Replica-floor 컨트롤러</translation>
    </message>
    <message>
        <source>Fail node</source>
        <translation>노드 장애</translation>
    </message>
    <message>
        <source>The node&apos;s kubelet stops: NotReady (Unknown), tainted unreachable; pods evicted after 300 s</source>
        <translation>노드의 kubelet이 멈춥니다: NotReady (Unknown), unreachable taint, 300초 뒤 Pod 축출</translation>
    </message>
    <message>
        <source>Recover node</source>
        <translation>노드 복구</translation>
    </message>
    <message>
        <source>The kubelet posts Ready again; Terminating pods on it are removed</source>
        <translation>kubelet이 다시 Ready를 보고하고, 그 노드의 Terminating Pod가 제거됩니다</translation>
    </message>
    <message>
        <source>The lab&apos;s custom controller, written with the controller-runtime style Builder</source>
        <translation>이 실습의 커스텀 컨트롤러로, controller-runtime 방식의 Builder로 작성했습니다</translation>
    </message>
    <message>
        <source>Raises any Deployment below 3 replicas to 3: scale to 1 and watch two level-based controllers converge.</source>
        <translation>레플리카가 3개 미만인 Deployment를 3개로 올립니다: 1로 scale 하고 두 level-based 컨트롤러가 수렴하는 모습을 보세요.</translation>
    </message>
    <message>
        <source>Reset cluster</source>
        <translation>클러스터 초기화</translation>
    </message>
    <message>
        <source>Throw the cluster away: empty store, three Ready nodes</source>
        <translation>클러스터를 버립니다: 빈 저장소, Ready 노드 3개</translation>
    </message>
</context>
<context>
    <name>rlab::ui::ClusterSession</name>
    <message>
        <source>another batch is being applied</source>
        <translation>다른 배치를 적용하는 중입니다</translation>
    </message>
</context>
<context>
    <name>rlab::ui::CommandTerminal</name>
    <message>
        <source>each button runs a kubectl command, shown here</source>
        <translation>버튼마다 kubectl 명령을 실행하고, 그 명령을 여기에 보여 줍니다</translation>
    </message>
</context>
<context>
    <name>rlab::ui::ConflictExplainer</name>
    <message>
        <source>an unknown client</source>
        <translation>알 수 없는 클라이언트</translation>
    </message>
    <message>
        <source>%1 (worker %2)</source>
        <translation>%1 (워커 %2)</translation>
    </message>
    <message>
        <source>Why 409 Conflict: %1 was written at revision %2 (t = %3 s) by %4 (%5), after the %6 controller&apos;s informer cache had given it its copy. Its update carried the older resourceVersion, so the API server refused it (optimistic concurrency: every update must name the version it changes).</source>
        <translation>409 Conflict가 난 이유: %6 컨트롤러의 인포머 캐시가 사본을 건넨 뒤, %4이(가) 리비전 %2(t = %3 s)에서 %1을(를) 썼습니다(%5). 업데이트에는 이전 resourceVersion이 담겨 있었으므로 API 서버가 거절했습니다(낙관적 동시성: 모든 업데이트는 자신이 바꾸는 버전을 밝혀야 합니다).</translation>
    </message>
    <message>
        <source>write</source>
        <translation>쓰기</translation>
    </message>
    <message>
        <source>Upstream kube-controller-manager does exactly the same: the first sync after an apply often loses this race, and nothing is wrong.</source>
        <translation>업스트림 kube-controller-manager도 똑같이 동작합니다. apply 직후의 첫 sync는 이 경쟁에서 자주 지며, 잘못된 것은 없습니다.</translation>
    </message>
    <message>
        <source>handleErr requeues the key (addRateLimited, a short backoff); the next sync reads the object from the updated cache and succeeds.</source>
        <translation>handleErr가 키를 다시 큐에 넣습니다(addRateLimited, 짧은 백오프). 다음 sync는 갱신된 캐시에서 객체를 읽어 성공합니다.</translation>
    </message>
    <message>
        <source>Why 409 Conflict: %1 was written at revision %2 (t = %3 s) by this same sync — %4 (%5). A later update of the sync still carried the resourceVersion of the copy the sync started from, so the API server refused it (optimistic concurrency: every update must name the version it changes).</source>
        <translation>409 Conflict가 난 이유: 바로 이 sync가 리비전 %2(t = %3 s)에서 %1을(를) 썼습니다 — %4 (%5). sync의 뒤이은 업데이트는 sync가 시작할 때 받은 사본의 resourceVersion을 그대로 담고 있었으므로 API 서버가 거절했습니다(낙관적 동시성: 모든 업데이트는 자신이 바꾸는 버전을 밝혀야 합니다).</translation>
    </message>
    <message>
        <source>Upstream kube-controller-manager does exactly the same (getNewReplicaSet updates the status, then syncRolloutStatus updates it again from its older copy), and nothing is wrong.</source>
        <translation>업스트림 kube-controller-manager도 똑같이 동작합니다(getNewReplicaSet이 status를 업데이트한 뒤 syncRolloutStatus가 이전 사본으로 다시 업데이트합니다). 잘못된 것은 없습니다.</translation>
    </message>
</context>
<context>
    <name>rlab::ui::ControlsPanel</name>
    <message>
        <source>Deployment</source>
        <translation>Deployment</translation>
    </message>
    <message>
        <source>none yet: apply one</source>
        <translation>아직 없음: 하나를 적용하세요</translation>
    </message>
    <message>
        <source>Viewing the past (read-only): every command is off until you return to Live.</source>
        <translation>과거를 보는 중 (읽기 전용): 실시간으로 돌아갈 때까지 모든 명령이 꺼져 있습니다.</translation>
    </message>
</context>
<context>
    <name>rlab::ui::DeploymentControls</name>
    <message>
        <source>Scale</source>
        <translation>Scale</translation>
    </message>
    <message>
        <source>spec.replicas</source>
        <translation>spec.replicas</translation>
    </message>
    <message>
        <source>kubectl scale --replicas=N−1</source>
        <translation>kubectl scale --replicas=N−1</translation>
    </message>
    <message>
        <source>kubectl scale --replicas=N+1</source>
        <translation>kubectl scale --replicas=N+1</translation>
    </message>
    <message>
        <source>kubectl scale deployment --replicas=N (PATCH …/scale)</source>
        <translation>kubectl scale deployment --replicas=N (PATCH …/scale)</translation>
    </message>
    <message>
        <source>Set image</source>
        <translation>이미지 변경</translation>
    </message>
    <message>
        <source>Container</source>
        <translation>컨테이너</translation>
    </message>
    <message>
        <source>kubectl set image deployment/&lt;name&gt; &lt;container&gt;=&lt;image&gt;: a new template, a new rollout</source>
        <translation>kubectl set image deployment/&lt;name&gt; &lt;container&gt;=&lt;image&gt;: 새 템플릿, 새 rollout</translation>
    </message>
    <message>
        <source>Roll back (rollout history)</source>
        <translation>롤백 (rollout history)</translation>
    </message>
    <message>
        <source>REVISION · image · CHANGE-CAUSE, as kubectl rollout history lists them</source>
        <translation>REVISION · 이미지 · CHANGE-CAUSE, kubectl rollout history가 보여 주는 그대로</translation>
    </message>
    <message>
        <source>Roll back</source>
        <translation>롤백</translation>
    </message>
    <message>
        <source>kubectl rollout undo [--to-revision=N]: the revision&apos;s template comes back</source>
        <translation>kubectl rollout undo [--to-revision=N]: 그 리비전의 템플릿이 돌아옵니다</translation>
    </message>
    <message>
        <source>Rollout</source>
        <translation>Rollout</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
    <message>
        <source>kubectl rollout pause: template changes wait, scaling still works</source>
        <translation>kubectl rollout pause: 템플릿 변경은 대기하고, 스케일 조정은 계속 됩니다</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Resume</translation>
    </message>
    <message>
        <source>kubectl rollout resume</source>
        <translation>kubectl rollout resume</translation>
    </message>
    <message>
        <source>Restart</source>
        <translation>Restart</translation>
    </message>
    <message>
        <source>kubectl rollout restart: template annotation kubectl.kubernetes.io/restartedAt, a new rollout</source>
        <translation>kubectl rollout restart: 템플릿 어노테이션 kubectl.kubernetes.io/restartedAt, 새 rollout</translation>
    </message>
    <message>
        <source>previous revision</source>
        <translation>이전 리비전</translation>
    </message>
</context>
<context>
    <name>rlab::ui::EtcdKeyModel</name>
    <message>
        <source>%1
created at revision %2, last modified at revision %3, version %4 (puts since creation)</source>
        <translation>%1
리비전 %2에 생성, 리비전 %3에 마지막 수정, version %4 (생성 이후 PUT 횟수)</translation>
    </message>
    <message>
        <source>create_revision: the revision of the PUT that created the key</source>
        <translation>create_revision: 키를 만든 PUT의 리비전</translation>
    </message>
    <message>
        <source>mod_revision: the revision of the key&apos;s last PUT (the object&apos;s resourceVersion)</source>
        <translation>mod_revision: 키의 마지막 PUT 리비전 (오브젝트의 resourceVersion)</translation>
    </message>
    <message>
        <source>version: PUTs since the key was created (1 = never modified)</source>
        <translation>version: 키 생성 이후 PUT 횟수 (1 = 수정된 적 없음)</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>키</translation>
    </message>
    <message>
        <source>Create</source>
        <translation>생성</translation>
    </message>
    <message>
        <source>Mod</source>
        <translation>수정</translation>
    </message>
    <message>
        <source>Ver</source>
        <translation>Ver</translation>
    </message>
</context>
<context>
    <name>rlab::ui::EtcdPanel</name>
    <message>
        <source>The store&apos;s current revision: every write (PUT or DELETE) bumps it by one.
A Kubernetes object&apos;s resourceVersion is the revision of its last write.</source>
        <translation>저장소의 현재 리비전: 쓰기(PUT 또는 DELETE)마다 1씩 올라갑니다.
Kubernetes 오브젝트의 resourceVersion은 마지막 쓰기의 리비전입니다.</translation>
    </message>
    <message>
        <source>etcd revision</source>
        <translation>etcd 리비전</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>값</translation>
    </message>
    <message>
        <source>History</source>
        <translation>이력</translation>
    </message>
    <message>
        <source>Watch events (etcdctl watch --prefix /)</source>
        <translation>watch 이벤트 (etcdctl watch --prefix /)</translation>
    </message>
    <message numerus="yes">
        <source>%n key(s)</source>
        <translation>
            <numerusform>키 %n개</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 was deleted at revision %2.</source>
        <translation>%1은(는) 리비전 %2에 삭제되었습니다.</translation>
    </message>
    <message>
        <source>At revision %1 · version %2 · %3 bytes</source>
        <translation>리비전 %1 · version %2 · %3바이트</translation>
    </message>
    <message>
        <source>Select a key to see the bytes the API server wrote.</source>
        <translation>키를 선택하면 API 서버가 쓴 바이트를 볼 수 있습니다.</translation>
    </message>
    <message>
        <source>%1 does not exist (deleted).</source>
        <translation>%1이(가) 없습니다 (삭제됨).</translation>
    </message>
    <message>
        <source>Now: mod revision %1 · version %2 · %3 bytes</source>
        <translation>현재: mod 리비전 %1 · version %2 · %3바이트</translation>
    </message>
</context>
<context>
    <name>rlab::ui::EventsModel</name>
    <message>
        <source>%1 %2 on %3 %4 (from %5), seen %6 time(s)
%7</source>
        <translation>%3 %4의 %1 %2 (출처 %5), %6회 발생
%7</translation>
    </message>
    <message>
        <source>LAST SEEN</source>
        <translation>LAST SEEN</translation>
    </message>
    <message>
        <source>TYPE</source>
        <translation>TYPE</translation>
    </message>
    <message>
        <source>REASON</source>
        <translation>REASON</translation>
    </message>
    <message>
        <source>OBJECT</source>
        <translation>OBJECT</translation>
    </message>
    <message>
        <source>MESSAGE</source>
        <translation>MESSAGE</translation>
    </message>
    <message>
        <source>COUNT</source>
        <translation>COUNT</translation>
    </message>
</context>
<context>
    <name>rlab::ui::EventsPanel</name>
    <message>
        <source>1 event</source>
        <translation>이벤트 1개</translation>
    </message>
    <message>
        <source>%1 events</source>
        <translation>이벤트 %1개</translation>
    </message>
    <message>
        <source>1 Warning</source>
        <translation>Warning 1개</translation>
    </message>
    <message>
        <source>%1 Warnings</source>
        <translation>Warning %1개</translation>
    </message>
</context>
<context>
    <name>rlab::ui::FieldOriginFinder</name>
    <message>
        <source>%1: no retained history</source>
        <translation>%1: 남아 있는 이력 없음</translation>
    </message>
    <message>
        <source>absent</source>
        <translation>없음</translation>
    </message>
    <message>
        <source>%1 = %2 since revision %3%4</source>
        <translation>%1 = %2, 리비전 %3%4부터</translation>
    </message>
    <message>
        <source> or earlier</source>
        <translation> 또는 그 이전</translation>
    </message>
    <message>
        <source> (t=%1) · %2</source>
        <translation> (t=%1) · %2</translation>
    </message>
</context>
<context>
    <name>rlab::ui::HistoryModel</name>
    <message>
        <source>REVISION</source>
        <translation>REVISION</translation>
    </message>
    <message>
        <source>CHANGE-CAUSE</source>
        <translation>CHANGE-CAUSE</translation>
    </message>
    <message>
        <source>ReplicaSet</source>
        <translation>ReplicaSet</translation>
    </message>
    <message>
        <source>Image</source>
        <translation>이미지</translation>
    </message>
    <message>
        <source>Replicas now</source>
        <translation>현재 레플리카</translation>
    </message>
</context>
<context>
    <name>rlab::ui::HistoryPanel</name>
    <message>
        <source>Roll back to this revision</source>
        <translation>이 리비전으로 롤백</translation>
    </message>
    <message>
        <source>Deployment:</source>
        <translation>Deployment:</translation>
    </message>
    <message>
        <source>Template diff: revision</source>
        <translation>템플릿 비교: 리비전</translation>
    </message>
    <message>
        <source>→ revision</source>
        <translation>→ 리비전</translation>
    </message>
    <message>
        <source>Pick two revisions (or select two rows) to see how their pod templates differ.</source>
        <translation>리비전 두 개를 고르면 (또는 행 두 개를 선택하면) Pod 템플릿이 어떻게 다른지 볼 수 있습니다.</translation>
    </message>
    <message>
        <source>kubectl rollout undo --to-revision=&lt;the selected row&apos;s revision&gt;</source>
        <translation>kubectl rollout undo --to-revision=&lt;선택한 행의 리비전&gt;</translation>
    </message>
</context>
<context>
    <name>rlab::ui::KeyHistoryModel</name>
    <message>
        <source>%1 B</source>
        <translation>%1 B</translation>
    </message>
    <message>
        <source>Revision</source>
        <translation>리비전</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>종류</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>Version</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>크기</translation>
    </message>
</context>
<context>
    <name>rlab::ui::LabOnly</name>
    <message>
        <source>Lab only: %1 (File → Back to the lab)</source>
        <translation>실습 전용: %1 (파일 → 실습으로 돌아가기)</translation>
    </message>
    <message>
        <source>a real cluster&apos;s controllers run on their own, there is no reconcile to step</source>
        <translation>실제 클러스터의 컨트롤러는 스스로 실행되므로 한 단계씩 진행할 reconcile이 없습니다</translation>
    </message>
    <message>
        <source>a real cluster&apos;s controllers run in kube-controller-manager</source>
        <translation>실제 클러스터의 컨트롤러는 kube-controller-manager 안에서 실행됩니다</translation>
    </message>
    <message>
        <source>a real cluster&apos;s hops take the time they take</source>
        <translation>실제 클러스터의 각 단계는 실제로 걸리는 만큼 시간이 걸립니다</translation>
    </message>
    <message>
        <source>a real cluster runs in real time</source>
        <translation>실제 클러스터는 실제 시간으로 실행됩니다</translation>
    </message>
    <message>
        <source>a real cluster is not thrown away from here</source>
        <translation>실제 클러스터는 여기서 버릴 수 없습니다</translation>
    </message>
    <message>
        <source>fault injection stops the lab&apos;s simulated kubelets, a real node is not failed from here</source>
        <translation>장애 주입은 실습의 시뮬레이션 kubelet을 멈추는 것이며, 실제 노드는 여기서 장애를 낼 수 없습니다</translation>
    </message>
    <message>
        <source>the replica-floor controller runs in the simulator</source>
        <translation>replica-floor 컨트롤러는 시뮬레이터에서 실행됩니다</translation>
    </message>
    <message>
        <source>a lesson runs its own scenario on the simulator</source>
        <translation>수업은 시뮬레이터에서 자체 시나리오를 실행합니다</translation>
    </message>
    <message>
        <source>a live session records itself (File → Connect to cluster records every watch event)</source>
        <translation>실시간 세션은 스스로 기록됩니다 (파일 → 클러스터에 연결이 모든 watch 이벤트를 기록합니다)</translation>
    </message>
    <message>
        <source>the window serves the lab&apos;s API, a real cluster has its own</source>
        <translation>이 창은 실습의 API를 제공하며, 실제 클러스터에는 자체 API가 있습니다</translation>
    </message>
</context>
<context>
    <name>rlab::ui::LessonPanel</name>
    <message>
        <source>Start</source>
        <translation>시작</translation>
    </message>
    <message>
        <source>Your prediction</source>
        <translation>내 예측</translation>
    </message>
    <message>
        <source>Reveal</source>
        <translation>정답 보기</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>다음</translation>
    </message>
    <message>
        <source>Lessons</source>
        <translation>수업</translation>
    </message>
    <message>
        <source>Step %1 / %2</source>
        <translation>단계 %1 / %2</translation>
    </message>
    <message>
        <source>No lessons found.</source>
        <translation>수업을 찾지 못했습니다.</translation>
    </message>
    <message>
        <source>Choose a lesson and press Start. Time stops while a lesson runs: each step moves the cluster.</source>
        <translation>수업을 고르고 시작을 누르세요. 수업 중에는 시간이 멈추고, 단계마다 클러스터가 움직입니다.</translation>
    </message>
    <message>
        <source>Lesson complete</source>
        <translation>수업 완료</translation>
    </message>
    <message>
        <source>You predicted %1 of %2 answers correctly.</source>
        <translation>%2개 중 %1개를 맞게 예측했습니다.</translation>
    </message>
    <message>
        <source>The cluster could not answer: %1</source>
        <translation>클러스터가 답하지 못했습니다: %1</translation>
    </message>
    <message>
        <source>The cluster says: %1</source>
        <translation>클러스터의 답: %1</translation>
    </message>
    <message>
        <source>✓ Right! The cluster says %1.</source>
        <translation>✓ 정답! 클러스터의 답은 %1입니다.</translation>
    </message>
    <message>
        <source>✗ Not quite: you said %1, the cluster says %2.</source>
        <translation>✗ 아쉽습니다: 예측은 %1, 클러스터의 답은 %2입니다.</translation>
    </message>
    <message>
        <source>Skip</source>
        <translation>건너뛰기</translation>
    </message>
    <message>
        <source>Run step ▶</source>
        <translation>단계 실행 ▶</translation>
    </message>
    <message>
        <source>Restart</source>
        <translation>다시 시작</translation>
    </message>
    <message>
        <source>Finish</source>
        <translation>마치기</translation>
    </message>
    <message>
        <source>Next →</source>
        <translation>다음 →</translation>
    </message>
    <message>
        <source>Skip to the end ⏭</source>
        <translation>끝으로 건너뛰기 ⏭</translation>
    </message>
</context>
<context>
    <name>rlab::ui::LiveBanner</name>
    <message>
        <source>Allow writes</source>
        <translation>쓰기 허용</translation>
    </message>
    <message>
        <source>Send the window&apos;s commands (scale, set image, undo, pause, resume, restart, delete pod) to this cluster</source>
        <translation>창의 명령(scale, set image, undo, pause, resume, restart, pod 삭제)을 이 클러스터로 보냅니다</translation>
    </message>
    <message>
        <source>Writes enabled ✓</source>
        <translation>쓰기 허용됨 ✓</translation>
    </message>
    <message>
        <source>%1 matched · %2 mismatched · %3 not done · %4 pending</source>
        <translation>일치 %1 · 불일치 %2 · 실행 안 됨 %3 · 대기 %4</translation>
    </message>
    <message>
        <source>Shadow syncDeployment will: %1 — %2</source>
        <translation>섀도 syncDeployment 다음 동작: %1 — %2</translation>
    </message>
    <message>
        <source>Shadow syncDeployment: nothing to do now (last predicted and done: %1) — %2</source>
        <translation>섀도 syncDeployment: 지금은 할 일 없음 (마지막으로 예측되고 실행된 것: %1) — %2</translation>
    </message>
    <message>
        <source>Shadow syncDeployment: nothing to do — %1</source>
        <translation>섀도 syncDeployment: 할 일 없음 — %1</translation>
    </message>
    <message>
        <source>✓ No mismatch so far: the cluster did what the shadow controller predicted.</source>
        <translation>✓ 지금까지 불일치 없음: 클러스터는 섀도 컨트롤러가 예측한 대로 동작했습니다.</translation>
    </message>
</context>
<context>
    <name>rlab::ui::LiveMenu</name>
    <message>
        <source>the lab&apos;s cluster is kept</source>
        <translation>랩의 클러스터를 그대로 둡니다</translation>
    </message>
    <message>
        <source>Live cluster</source>
        <translation>실시간 클러스터</translation>
    </message>
    <message>
        <source>Connect to cluster…</source>
        <translation>클러스터에 연결…</translation>
    </message>
    <message>
        <source>Open recording…</source>
        <translation>기록 열기…</translation>
    </message>
    <message>
        <source>Back to the lab</source>
        <translation>실습으로 돌아가기</translation>
    </message>
    <message>
        <source>Connect to cluster</source>
        <translation>클러스터에 연결</translation>
    </message>
    <message>
        <source>current-context</source>
        <translation>current-context</translation>
    </message>
    <message>
        <source>the context&apos;s namespace</source>
        <translation>컨텍스트의 네임스페이스</translation>
    </message>
    <message>
        <source>kubeconfig</source>
        <translation>kubeconfig</translation>
    </message>
    <message>
        <source>context</source>
        <translation>컨텍스트</translation>
    </message>
    <message>
        <source>namespace</source>
        <translation>네임스페이스</translation>
    </message>
    <message>
        <source>Open recording</source>
        <translation>기록 열기</translation>
    </message>
    <message>
        <source>Reconcile Lab recordings (*.jsonl);;All files (*)</source>
        <translation>Reconcile Lab 기록 (*.jsonl);;모든 파일 (*)</translation>
    </message>
    <message>
        <source>Send the window&apos;s commands to the real cluster of context &quot;%1&quot;? Scale, set image, undo, pause, resume, restart and delete pod will change it.</source>
        <translation>창의 명령을 컨텍스트 &quot;%1&quot;의 실제 클러스터로 보낼까요? scale, set image, undo, pause, resume, restart, pod 삭제가 그 클러스터를 바꿉니다.</translation>
    </message>
    <message>
        <source>Allow writes</source>
        <translation>쓰기 허용</translation>
    </message>
</context>
<context>
    <name>rlab::ui::MainWindow</name>
    <message>
        <source>Restoring %1: its store, informers and controllers…</source>
        <translation>%1 복원 중: 저장소, 인포머, 컨트롤러…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>취소</translation>
    </message>
    <message>
        <source>the lesson&apos;s cluster is kept</source>
        <translation>수업의 클러스터를 그대로 둡니다</translation>
    </message>
    <message>
        <source>Reconcile Lab</source>
        <translation>Reconcile Lab</translation>
    </message>
    <message>
        <source>Deployment and ReplicaSet controllers, scheduler and kubelets run on the virtual clock (deterministic runner).</source>
        <translation>Deployment·ReplicaSet 컨트롤러, 스케줄러, kubelet이 가상 시계 위에서 실행됩니다 (결정적 실행기).</translation>
    </message>
    <message>
        <source>Manifest</source>
        <translation>매니페스트</translation>
    </message>
    <message>
        <source>Objects</source>
        <translation>오브젝트</translation>
    </message>
    <message>
        <source>Inspector</source>
        <translation>인스펙터</translation>
    </message>
    <message>
        <source>etcd</source>
        <translation>etcd</translation>
    </message>
    <message>
        <source>Trace</source>
        <translation>트레이스</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>보기(&amp;V)</translation>
    </message>
    <message>
        <source>Restore default layout</source>
        <translation>기본 배치로 되돌리기</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>열기(&amp;O)…</translation>
    </message>
    <message>
        <source>Apply manifest files (YAML or JSON, one or more documents) — all or nothing</source>
        <translation>매니페스트 파일 적용 (YAML 또는 JSON, 문서 하나 이상) — 전부 아니면 전무</translation>
    </message>
    <message>
        <source>&amp;Apply</source>
        <translation>적용(&amp;A)</translation>
    </message>
    <message>
        <source>kubectl apply the editor&apos;s manifest</source>
        <translation>편집기의 매니페스트를 kubectl apply</translation>
    </message>
    <message>
        <source>&amp;Reset cluster</source>
        <translation>클러스터 초기화(&amp;R)</translation>
    </message>
    <message>
        <source>Throw the cluster away and start a fresh one: empty store, three Ready nodes</source>
        <translation>클러스터를 버리고 새로 시작: 빈 저장소, Ready 노드 3개</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>파일(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>끝내기(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Cluster</source>
        <translation>클러스터(&amp;C)</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>기본</translation>
    </message>
    <message>
        <source>Revision %1</source>
        <translation>리비전 %1</translation>
    </message>
    <message>
        <source>Virtual time %1 (%2 UTC)%3</source>
        <translation>가상 시간 %1 (%2 UTC)%3</translation>
    </message>
    <message>
        <source>Virtual time %1%2</source>
        <translation>가상 시간 %1%2</translation>
    </message>
    <message>
        <source>%1 UTC on the lab&apos;s clock</source>
        <translation>랩 시계로 %1 UTC</translation>
    </message>
    <message>
        <source> · paused</source>
        <translation> · 멈춤</translation>
    </message>
    <message>
        <source>%1 nodes · %2 deployments · %3 replicasets · %4 pods · %5 other</source>
        <translation>노드 %1 · Deployment %2 · ReplicaSet %3 · Pod %4 · 기타 %5</translation>
    </message>
    <message>
        <source>Refused, nothing changed</source>
        <translation>거부됨, 바뀐 것 없음</translation>
    </message>
    <message>
        <source>Apply manifests</source>
        <translation>매니페스트 적용</translation>
    </message>
    <message>
        <source>Manifests (*.yaml *.yml *.json);;All files (*)</source>
        <translation>매니페스트 (*.yaml *.yml *.json);;모든 파일 (*)</translation>
    </message>
    <message>
        <source>Fresh cluster: three Ready nodes, nothing else</source>
        <translation>새 클러스터: Ready 노드 3개, 그 밖에는 없음</translation>
    </message>
    <message>
        <source>dropped text</source>
        <translation>끌어다 놓은 텍스트</translation>
    </message>
    <message>
        <source>Controls</source>
        <translation>조작</translation>
    </message>
    <message>
        <source>&amp;Time</source>
        <translation>시간(&amp;T)</translation>
    </message>
    <message>
        <source>Workqueues</source>
        <translation>Workqueue</translation>
    </message>
    <message>
        <source>Controller activity</source>
        <translation>컨트롤러 활동</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>이벤트</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>차트</translation>
    </message>
    <message>
        <source>Rollout history</source>
        <translation>Rollout 이력</translation>
    </message>
    <message>
        <source>Lesson</source>
        <translation>수업</translation>
    </message>
    <message>
        <source>Serve the API</source>
        <translation>API 제공</translation>
    </message>
    <message>
        <source>Time travel</source>
        <translation>시간 여행</translation>
    </message>
    <message>
        <source>Viewing the past (read-only): press Live to return</source>
        <translation>과거를 보는 중 (읽기 전용): 돌아가려면 실시간을 누르세요</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>언어(&amp;L)</translation>
    </message>
    <message>
        <source>Arithmetic</source>
        <translation>Rolling update 계산</translation>
    </message>
    <message>
        <source>%1: no recorded origin (compacted or never set)</source>
        <translation>%1: 기록된 출처가 없습니다 (압축되었거나 설정된 적 없음)</translation>
    </message>
    <message>
        <source>Export canvas…</source>
        <translation>캔버스 내보내기…</translation>
    </message>
    <message>
        <source>Export canvas</source>
        <translation>캔버스 내보내기</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg)</source>
        <translation>PNG 이미지 (*.png);;SVG 그림 (*.svg)</translation>
    </message>
    <message>
        <source>Canvas saved to %1</source>
        <translation>캔버스를 %1에 저장했습니다</translation>
    </message>
    <message>
        <source>Export failed: %1</source>
        <translation>내보내기 실패: %1</translation>
    </message>
    <message>
        <source>A lesson is running. Reset the cluster and end the lesson?</source>
        <translation>수업이 진행 중입니다. 클러스터를 초기화하고 수업을 끝낼까요?</translation>
    </message>
    <message>
        <source>Reset cluster</source>
        <translation>클러스터 초기화</translation>
    </message>
    <message>
        <source>Cluster time %1 UTC%2</source>
        <translation>클러스터 시간 %1 UTC%2</translation>
    </message>
    <message>
        <source>another batch is being applied</source>
        <translation>다른 배치를 적용하는 중입니다</translation>
    </message>
    <message>
        <source>Saved lab (*.rlab);;All files (*)</source>
        <translation>저장된 랩 (*.rlab);;모든 파일 (*)</translation>
    </message>
    <message>
        <source>Open &amp;lab…</source>
        <translation>랩 열기(&amp;L)…</translation>
    </message>
    <message>
        <source>Open lab</source>
        <translation>랩 열기</translation>
    </message>
    <message>
        <source>&amp;Save lab…</source>
        <translation>랩 저장(&amp;S)…</translation>
    </message>
    <message>
        <source>Save lab</source>
        <translation>랩 저장</translation>
    </message>
    <message>
        <source>Autosave failed: %1</source>
        <translation>자동 저장 실패: %1</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>%1 읽는 중…</translation>
    </message>
    <message>
        <source>Cannot open the lab: %1</source>
        <translation>랩을 열 수 없습니다: %1</translation>
    </message>
    <message>
        <source>Lab %1 restored at revision %2: every controller starts again against its store</source>
        <translation>랩 %1을(를) 리비전 %2에서 복원했습니다: 모든 컨트롤러가 그 저장소를 대상으로 다시 시작합니다</translation>
    </message>
    <message>
        <source>Lab saved to %1 (revision %2)</source>
        <translation>랩을 %1에 저장했습니다(리비전 %2)</translation>
    </message>
    <message>
        <source>Cannot save the lab: %1</source>
        <translation>랩을 저장할 수 없습니다: %1</translation>
    </message>
    <message>
        <source>Reconcile Lab did not close normally last time. Restore the lab it saved automatically at %1?</source>
        <translation>Reconcile Lab이 지난번에 정상적으로 종료되지 않았습니다. %1에 자동 저장된 랩을 복원할까요?</translation>
    </message>
    <message>
        <source>Restore lab</source>
        <translation>랩 복원</translation>
    </message>
</context>
<context>
    <name>rlab::ui::ManifestEditor</name>
    <message>
        <source>Apply</source>
        <translation>적용</translation>
    </message>
    <message>
        <source>Sample</source>
        <translation>예제</translation>
    </message>
    <message>
        <source>kubectl apply -f %1 (Ctrl+Return)</source>
        <translation>kubectl apply -f %1 (Ctrl+Return)</translation>
    </message>
    <message>
        <source>Replace the text with the sample nginx Deployment</source>
        <translation>텍스트를 예제 nginx Deployment로 바꿉니다</translation>
    </message>
    <message>
        <source>Nothing was applied: the store is still at revision %1.</source>
        <translation>적용된 것이 없습니다: 저장소는 여전히 리비전 %1입니다.</translation>
    </message>
    <message>
        <source>Store revision %1 → %2.</source>
        <translation>저장소 리비전 %1 → %2.</translation>
    </message>
</context>
<context>
    <name>rlab::ui::ModelChartView</name>
    <message>
        <source>virtual time (s)</source>
        <translation>가상 시간 (초)</translation>
    </message>
    <message>
        <source>could not write %1</source>
        <translation>%1을(를) 쓸 수 없습니다</translation>
    </message>
</context>
<context>
    <name>rlab::ui::ObjectInspector</name>
    <message>
        <source>No object selected</source>
        <translation>선택한 오브젝트 없음</translation>
    </message>
    <message>
        <source>Select an object in the Objects panel.</source>
        <translation>오브젝트 패널에서 오브젝트를 선택하세요.</translation>
    </message>
    <message>
        <source>Double-click a field (or right-click it) to find the etcd revision that set its value</source>
        <translation>필드를 두 번 클릭(또는 오른쪽 클릭)하면 그 값을 설정한 etcd 리비전을 찾습니다</translation>
    </message>
    <message>
        <source>Where did this value come from?</source>
        <translation>이 값은 어디서 왔나요?</translation>
    </message>
    <message>
        <source>Where did %1 get its value?</source>
        <translation>%1의 값은 어디서 왔나요?</translation>
    </message>
</context>
<context>
    <name>rlab::ui::ObjectTreeModel</name>
    <message>
        <source>Nodes</source>
        <translation>노드</translation>
    </message>
    <message>
        <source>Deployments</source>
        <translation>Deployment</translation>
    </message>
    <message>
        <source>ReplicaSets</source>
        <translation>ReplicaSet</translation>
    </message>
    <message>
        <source>Pods</source>
        <translation>Pod</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>기타</translation>
    </message>
    <message>
        <source>%1 (%2) · namespaces, events, kinds not simulated</source>
        <translation>%1 (%2) · 네임스페이스, 이벤트, 시뮬레이션하지 않는 종류</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>이름</translation>
    </message>
    <message>
        <source>Namespace</source>
        <translation>네임스페이스</translation>
    </message>
    <message>
        <source>Rev</source>
        <translation>Rev</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>상태</translation>
    </message>
</context>
<context>
    <name>rlab::ui::PodControls</name>
    <message>
        <source>Pods</source>
        <translation>Pod</translation>
    </message>
    <message>
        <source>Delete pod</source>
        <translation>Pod 삭제</translation>
    </message>
    <message>
        <source>Delete random</source>
        <translation>무작위 삭제</translation>
    </message>
    <message>
        <source>kubectl delete pod: graceful; the ReplicaSet creates a replacement</source>
        <translation>kubectl delete pod: 정상 종료 후 ReplicaSet이 대체 Pod를 만듭니다</translation>
    </message>
    <message>
        <source>kubectl delete pod on one of the Deployment&apos;s pods, chosen at random</source>
        <translation>Deployment의 Pod 중 무작위로 하나를 kubectl delete pod</translation>
    </message>
</context>
<context>
    <name>rlab::ui::PresenterMode</name>
    <message>
        <source>Presenter mode</source>
        <translation>발표자 모드</translation>
    </message>
    <message>
        <source>Play / pause</source>
        <translation>재생 / 멈춤</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>한 단계</translation>
    </message>
    <message>
        <source>Back one revision</source>
        <translation>한 리비전 뒤로</translation>
    </message>
</context>
<context>
    <name>rlab::ui::ReconcileModel</name>
    <message>
        <source>running…</source>
        <translation>실행 중…</translation>
    </message>
    <message>
        <source>t (s)</source>
        <translation>t (초)</translation>
    </message>
    <message>
        <source>Controller</source>
        <translation>컨트롤러</translation>
    </message>
    <message>
        <source>Worker</source>
        <translation>워커</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>키</translation>
    </message>
    <message>
        <source>Took</source>
        <translation>소요</translation>
    </message>
    <message>
        <source>What the reconcile did</source>
        <translation>reconcile이 한 일</translation>
    </message>
</context>
<context>
    <name>rlab::ui::RecordControls</name>
    <message>
        <source>● Record</source>
        <translation>● 녹화</translation>
    </message>
    <message>
        <source>■ Stop and save…</source>
        <translation>■ 멈추고 저장…</translation>
    </message>
    <message>
        <source>Replay…</source>
        <translation>재연…</translation>
    </message>
    <message>
        <source>Start a fresh cluster and record what you do as a scenario with its timing</source>
        <translation>새 클러스터를 시작하고, 하는 일을 타이밍과 함께 시나리오로 녹화합니다</translation>
    </message>
    <message>
        <source>Replay a recorded session and check that the trace and the final state are identical</source>
        <translation>녹화한 세션을 재연하고 트레이스와 최종 상태가 똑같은지 확인합니다</translation>
    </message>
    <message>
        <source>recording from a fresh cluster</source>
        <translation>새 클러스터에서 녹화 중</translation>
    </message>
    <message>
        <source>nothing recorded</source>
        <translation>녹화된 것 없음</translation>
    </message>
    <message>
        <source>saved %1 steps to %2</source>
        <translation>단계 %1개를 %2에 저장했습니다</translation>
    </message>
    <message>
        <source>replayed %1: trace and final state identical (%2 of virtual time)</source>
        <translation>%1 재연 완료: 트레이스와 최종 상태가 똑같습니다 (가상 시간 %2)</translation>
    </message>
    <message>
        <source>replayed %1: %2</source>
        <translation>%1 재연 완료: %2</translation>
    </message>
    <message>
        <source>Save the recorded session</source>
        <translation>녹화한 세션 저장</translation>
    </message>
    <message>
        <source>Scenario (*.yaml)</source>
        <translation>시나리오 (*.yaml)</translation>
    </message>
    <message>
        <source>Replay a recorded session</source>
        <translation>녹화한 세션 재연</translation>
    </message>
    <message>
        <source>● recording · 1 step</source>
        <translation>● 녹화 중 · 1단계</translation>
    </message>
    <message>
        <source>● recording · %1 steps</source>
        <translation>● 녹화 중 · %1단계</translation>
    </message>
</context>
<context>
    <name>rlab::ui::RevisionExplainer</name>
    <message>
        <source>Only a change of the pod template (spec.template: image, env, labels, annotations of the pod) creates a revision: the Deployment controller hashes the template, finds no ReplicaSet with that pod-template-hash and creates one with revision = highest + 1. Scaling, pause/resume and the Deployment&apos;s own labels do not. Rolling back (kubectl rollout undo) copies an old ReplicaSet&apos;s template into the Deployment: that ReplicaSet becomes the new one and is renumbered to highest + 1, so its old number disappears from the list.</source>
        <translation>Pod 템플릿(spec.template: Pod의 이미지, env, 레이블, 어노테이션)이 바뀔 때만 리비전이 생깁니다: Deployment 컨트롤러가 템플릿을 해시하고, 그 pod-template-hash를 가진 ReplicaSet이 없으면 revision = 최댓값 + 1로 새로 만듭니다. 스케일 조정, pause/resume, Deployment 자체의 레이블은 리비전을 만들지 않습니다. 롤백(kubectl rollout undo)은 옛 ReplicaSet의 템플릿을 Deployment에 복사합니다: 그 ReplicaSet이 새 ReplicaSet이 되어 최댓값 + 1로 번호가 바뀌므로, 옛 번호는 목록에서 사라집니다.</translation>
    </message>
    <message>
        <source>deployment/%1 was created: its pod template will be revision 1.</source>
        <translation>deployment/%1이(가) 생성되었습니다: 이 Pod 템플릿이 리비전 1이 됩니다.</translation>
    </message>
    <message>
        <source>The pod template now equals revision %1&apos;s (ReplicaSet %2): a rollback. No new ReplicaSet; %2 is scaled up again and renumbered to revision %3, so revision %1 leaves the list.</source>
        <translation>Pod 템플릿이 이제 리비전 %1(ReplicaSet %2)과 같습니다: 롤백입니다. 새 ReplicaSet은 없고, %2가 다시 scale up 되며 리비전 %3으로 번호가 바뀌므로 리비전 %1은 목록에서 빠집니다.</translation>
    </message>
    <message>
        <source> (image %1 → %2)</source>
        <translation> (이미지 %1 → %2)</translation>
    </message>
    <message>
        <source>spec.template changed%1: a new ReplicaSet and a new revision.</source>
        <translation>spec.template 변경%1: 새 ReplicaSet과 새 리비전.</translation>
    </message>
    <message>
        <source>spec.replicas %1 → %2: scaling is not a pod-template change, so no new revision (the ReplicaSets are resized, proportionally during a rollout).</source>
        <translation>spec.replicas %1 → %2: 스케일 조정은 Pod 템플릿 변경이 아니므로 새 리비전이 없습니다 (ReplicaSet 크기만 바뀌며, rollout 중에는 비례해서 바뀝니다).</translation>
    </message>
    <message>
        <source>spec.paused = true: pausing creates no revision; template changes made while paused wait until resume.</source>
        <translation>spec.paused = true: pause는 리비전을 만들지 않습니다. 멈춘 동안의 템플릿 변경은 resume까지 기다립니다.</translation>
    </message>
    <message>
        <source>spec.paused = false: resuming creates no revision by itself; a template changed while paused rolls out now.</source>
        <translation>spec.paused = false: resume 자체는 리비전을 만들지 않습니다. 멈춘 동안 바뀐 템플릿이 이제 rollout 됩니다.</translation>
    </message>
    <message>
        <source>No pod-template change: no new revision.</source>
        <translation>Pod 템플릿 변경 없음: 새 리비전 없음.</translation>
    </message>
</context>
<context>
    <name>rlab::ui::ScenarioPlayer</name>
    <message>
        <source>%1: cancelled after %2 of %3 steps</source>
        <translation>%1: 단계 %3개 중 %2개 후 취소됨</translation>
    </message>
    <message>
        <source>Running scenario</source>
        <translation>시나리오 실행 중</translation>
    </message>
    <message>
        <source>Running %1…</source>
        <translation>%1 실행 중…</translation>
    </message>
    <message>
        <source>Running %1: step %2 of %3…</source>
        <translation>%1 실행 중: 단계 %3개 중 %2번째…</translation>
    </message>
</context>
<context>
    <name>rlab::ui::ServeController</name>
    <message>
        <source>this build of Reconcile Lab has no HTTP server</source>
        <translation>이 Reconcile Lab 빌드에는 HTTP 서버가 없습니다</translation>
    </message>
</context>
<context>
    <name>rlab::ui::ServePanel</name>
    <message>
        <source>Cannot serve the API: %1</source>
        <translation>API를 제공할 수 없습니다: %1</translation>
    </message>
    <message>
        <source>Copied. Paste it into a terminal, then run kubectl there.</source>
        <translation>복사했습니다. 터미널에 붙여 넣고 그곳에서 kubectl을 실행하세요.</translation>
    </message>
    <message numerus="yes">
        <source>%n request(s) served</source>
        <translation>
            <numerusform>요청 %n건 처리</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n open watch(es)</source>
        <translation>
            <numerusform>열린 watch %n개</numerusform>
        </translation>
    </message>
    <message>
        <source>● Serving the API</source>
        <translation>● API 제공 중</translation>
    </message>
    <message>
        <source>Serve the API</source>
        <translation>API 제공</translation>
    </message>
    <message>
        <source>Serve this cluster&apos;s Kubernetes API on 127.0.0.1 for the real kubectl</source>
        <translation>실제 kubectl이 쓸 수 있도록 이 클러스터의 Kubernetes API를 127.0.0.1에서 제공합니다</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>복사</translation>
    </message>
    <message>
        <source>Copy the export line to the clipboard</source>
        <translation>export 줄을 클립보드에 복사합니다</translation>
    </message>
    <message>
        <source>Not serving</source>
        <translation>제공하지 않음</translation>
    </message>
    <message>
        <source>export KUBECONFIG=… appears here while serving</source>
        <translation>제공 중에는 여기에 export KUBECONFIG=… 가 나타납니다</translation>
    </message>
    <message>
        <source>then try:  kubectl get nodes   kubectl apply -f nginx.yaml   kubectl get pods -w</source>
        <translation>이어서 실행해 보세요:  kubectl get nodes   kubectl apply -f nginx.yaml   kubectl get pods -w</translation>
    </message>
    <message>
        <source>kubectl&apos;s requests appear in the trace as apiserver HttpRequest rows.</source>
        <translation>kubectl의 요청은 트레이스에 apiserver HttpRequest 행으로 나타납니다.</translation>
    </message>
    <message>
        <source>Lets the real kubectl drive this cluster. Loopback only: other machines cannot connect.</source>
        <translation>실제 kubectl로 이 클러스터를 조작합니다. 루프백 전용: 다른 컴퓨터는 접속할 수 없습니다.</translation>
    </message>
    <message>
        <source>This build of Reconcile Lab has no HTTP server: use `rlab serve` instead.</source>
        <translation>이 Reconcile Lab 빌드에는 HTTP 서버가 없습니다. 대신 `rlab serve`를 사용하세요.</translation>
    </message>
</context>
<context>
    <name>rlab::ui::SpeedSlider</name>
    <message>
        <source>Virtual time per real second: ×0.1 … ×100 (logarithmic)</source>
        <translation>실제 1초당 가상 시간: ×0.1 … ×100 (로그 눈금)</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>속도</translation>
    </message>
    <message>
        <source>%1 → ×%2 (busy)</source>
        <translation>%1 → ×%2 (바쁨)</translation>
    </message>
    <message>
        <source>The cluster has more work than fits in a frame: virtual time runs slower than the chosen speed</source>
        <translation>클러스터 작업이 한 프레임에 다 들어가지 않습니다: 가상 시간이 선택한 속도보다 느리게 흐릅니다</translation>
    </message>
</context>
<context>
    <name>rlab::ui::SyncStepModel</name>
    <message>
        <source>t (s)</source>
        <translation>t (초)</translation>
    </message>
    <message>
        <source>step</source>
        <translation>단계</translation>
    </message>
    <message>
        <source>ReplicaSet</source>
        <translation>ReplicaSet</translation>
    </message>
    <message>
        <source>spec.replicas</source>
        <translation>spec.replicas</translation>
    </message>
    <message>
        <source>why (the numbers)</source>
        <translation>이유 (계산)</translation>
    </message>
</context>
<context>
    <name>rlab::ui::TimeCommands</name>
    <message>
        <source>no reconcile</source>
        <translation>reconcile 없음</translation>
    </message>
    <message>
        <source> · %1 etcd writes</source>
        <translation> · etcd 쓰기 %1건</translation>
    </message>
    <message>
        <source>+%1 · </source>
        <translation>+%1 · </translation>
    </message>
    <message>
        <source>Nothing to reconcile: every workqueue is empty and no timer is due within %1</source>
        <translation>reconcile할 것이 없습니다: 모든 workqueue가 비어 있고 %1 안에 만료되는 타이머가 없습니다</translation>
    </message>
    <message>
        <source>No event pending: every workqueue is empty and no timer is set</source>
        <translation>대기 중인 이벤트 없음: 모든 workqueue가 비어 있고 설정된 타이머가 없습니다</translation>
    </message>
    <message>
        <source>+%1 · %2 timer(s) fired · </source>
        <translation>+%1 · 타이머 %2개 실행 · </translation>
    </message>
    <message>
        <source>no time passed (work was pending) · </source>
        <translation>시간이 흐르지 않음 (처리할 작업이 있었음) · </translation>
    </message>
    <message>
        <source>Error from server (NotFound): deployments.apps &quot;%1&quot; not found</source>
        <translation>Error from server (NotFound): deployments.apps &quot;%1&quot; not found</translation>
    </message>
    <message>
        <source>deployment &quot;%1&quot; is paused: resume it to let the rollout finish</source>
        <translation>deployment &quot;%1&quot;이(가) 일시 중지되어 있습니다: rollout을 끝내려면 resume 하세요</translation>
    </message>
    <message>
        <source>Stopped after %1 of virtual time: %2</source>
        <translation>가상 시간 %1 뒤 멈춤: %2</translation>
    </message>
    <message>
        <source>+%1 · %2</source>
        <translation>+%1 · %2</translation>
    </message>
    <message>
        <source>+%1 · next hop · </source>
        <translation>+%1 · 다음 홉 · </translation>
    </message>
</context>
<context>
    <name>rlab::ui::TimeControls</name>
    <message>
        <source>Time</source>
        <translation>시간</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>한 단계</translation>
    </message>
    <message>
        <source>Step one reconcile (→): run the informers and exactly one controller work item; pauses time</source>
        <translation>reconcile 한 번 (→): informer와 컨트롤러 작업 항목 정확히 하나를 실행하고 시간을 멈춥니다</translation>
    </message>
    <message>
        <source>Next event</source>
        <translation>다음 이벤트</translation>
    </message>
    <message>
        <source>Step to the next event (Shift+→): run what is pending, or jump the virtual clock to the next timer</source>
        <translation>다음 이벤트로 (Shift+→): 대기 중인 작업을 실행하거나 가상 시계를 다음 타이머로 옮깁니다</translation>
    </message>
    <message>
        <source>Run until complete</source>
        <translation>완료될 때까지 실행</translation>
    </message>
    <message>
        <source>Step-by-step</source>
        <translation>단계별</translation>
    </message>
    <message>
        <source>Live threads</source>
        <translation>실시간 스레드</translation>
    </message>
    <message>
        <source>Deterministic runner: one thread runs informers and controllers in a fixed order; steps possible</source>
        <translation>결정적 실행기: 스레드 하나가 informer와 컨트롤러를 정해진 순서로 실행합니다. 단계 실행 가능</translation>
    </message>
    <message>
        <source>Controllers on worker QThreads (5 Deployment, 5 ReplicaSet workers), as in kube-controller-manager</source>
        <translation>kube-controller-manager처럼 컨트롤러가 워커 QThread에서 실행됩니다 (Deployment 워커 5개, ReplicaSet 워커 5개)</translation>
    </message>
    <message>
        <source>How the control plane runs</source>
        <translation>컨트롤 플레인 실행 방식</translation>
    </message>
    <message>
        <source>Virtual time since the cluster started</source>
        <translation>클러스터 시작 이후의 가상 시간</translation>
    </message>
    <message>
        <source>No Deployment to run until complete: apply one first</source>
        <translation>완료까지 실행할 Deployment가 없습니다: 먼저 하나를 적용하세요</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>멈춤</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>재생</translation>
    </message>
    <message>
        <source>Pause virtual time (Space)</source>
        <translation>가상 시간 멈춤 (Space)</translation>
    </message>
    <message>
        <source>Let virtual time run at the chosen speed (Space)</source>
        <translation>가상 시간을 선택한 속도로 흐르게 합니다 (Space)</translation>
    </message>
    <message>
        <source> · paused</source>
        <translation> · 멈춤</translation>
    </message>
    <message>
        <source>Run until a Deployment&apos;s rollout is complete (apply one first)</source>
        <translation>Deployment의 rollout이 완료될 때까지 실행 (먼저 하나를 적용하세요)</translation>
    </message>
    <message>
        <source>Run virtual time until deployment &quot;%1&quot; is rolled out: updated = available = replicas, Progressing reason NewReplicaSetAvailable (at most 15 min)</source>
        <translation>deployment &quot;%1&quot;의 rollout이 끝날 때까지 가상 시간을 실행합니다: updated = available = replicas, Progressing reason NewReplicaSetAvailable (최대 15분)</translation>
    </message>
    <message>
        <source>Every hop slowed so that it is seen at ×1: keys wait in the queues, workers hold them, pods stay Pending</source>
        <translation>모든 홉을 느리게 하여 ×1에서 보이게 합니다: 키는 큐에서 기다리고, 워커가 키를 붙잡고, 파드는 Pending에 머뭅니다</translation>
    </message>
    <message>
        <source>Figures of real clusters: API requests in milliseconds, 20 requests/s per controller client</source>
        <translation>실제 클러스터의 수치: API 요청은 밀리초 단위, 컨트롤러 클라이언트당 초당 20개 요청</translation>
    </message>
    <message>
        <source>Every hop free: only kubelet stages and explicit delays take time</source>
        <translation>모든 홉이 무료: kubelet 단계와 명시적 지연만 시간이 걸립니다</translation>
    </message>
    <message>
        <source>Classroom</source>
        <translation>교실</translation>
    </message>
    <message>
        <source>Realistic</source>
        <translation>실제</translation>
    </message>
    <message>
        <source>Instant</source>
        <translation>즉시</translation>
    </message>
    <message>
        <source>Latency: %1</source>
        <translation>지연 시간: %1</translation>
    </message>
    <message>
        <source>What each hop of the control plane costs in virtual time</source>
        <translation>컨트롤 플레인의 각 홉이 가상 시간으로 얼마나 걸리는지</translation>
    </message>
</context>
<context>
    <name>rlab::ui::TimeTravel</name>
    <message>
        <source>viewing revision %1 (read-only): return to live first</source>
        <translation>리비전 %1을(를) 보는 중 (읽기 전용): 먼저 실시간으로 돌아가세요</translation>
    </message>
</context>
<context>
    <name>rlab::ui::TimeTravelBar</name>
    <message>
        <source>Viewing the past — read-only</source>
        <translation>과거를 보는 중 — 읽기 전용</translation>
    </message>
    <message>
        <source>Live</source>
        <translation>실시간</translation>
    </message>
    <message>
        <source>Previous revision: the cluster before the last write</source>
        <translation>이전 리비전: 마지막 쓰기 전의 클러스터</translation>
    </message>
    <message>
        <source>Next revision</source>
        <translation>다음 리비전</translation>
    </message>
    <message>
        <source>Back to the present: time runs again and writes show as they happen</source>
        <translation>현재로 돌아가기: 시간이 다시 흐르고 쓰기가 일어나는 대로 보입니다</translation>
    </message>
    <message>
        <source>Store revisions: every write (PUT or DELETE) is one step. Drag to see the cluster as it was.</source>
        <translation>저장소 리비전: 쓰기(PUT 또는 DELETE) 하나가 한 단계입니다. 끌어서 그때의 클러스터를 보세요.</translation>
    </message>
    <message>
        <source>revision %1 of %2</source>
        <translation>리비전 %1 / %2</translation>
    </message>
    <message>
        <source> · the empty store</source>
        <translation> · 빈 저장소</translation>
    </message>
    <message>
        <source>● Live</source>
        <translation>● 실시간</translation>
    </message>
    <message>
        <source>Viewing the past — read-only ·</source>
        <translation>과거를 보는 중 — 읽기 전용 ·</translation>
    </message>
    <message>
        <source>history before t=%1 dropped: live mode keeps at most %2 watch events and %3 MiB (%4 older events dropped)</source>
        <translation>t=%1 이전 이력은 삭제됨: 실시간 모드는 watch 이벤트를 최대 %2개, %3 MiB까지 보관합니다 (오래된 이벤트 %4개 삭제)</translation>
    </message>
    <message>
        <source>history before revision %1 compacted</source>
        <translation>리비전 %1 이전 이력은 압축됨</translation>
    </message>
</context>
<context>
    <name>rlab::ui::TraceEventModel</name>
    <message>
        <source>t (s)</source>
        <translation>t (초)</translation>
    </message>
    <message>
        <source>Rev</source>
        <translation>Rev</translation>
    </message>
    <message>
        <source>Component</source>
        <translation>구성 요소</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>종류</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>키</translation>
    </message>
    <message>
        <source>What happened</source>
        <translation>일어난 일</translation>
    </message>
</context>
<context>
    <name>rlab::ui::WatchEventModel</name>
    <message>
        <source>DELETE %1 at revision %2</source>
        <translation>리비전 %2에 DELETE %1</translation>
    </message>
    <message>
        <source>PUT %1 at revision %2: %3 (version %4)</source>
        <translation>리비전 %2에 PUT %1: %3 (version %4)</translation>
    </message>
    <message>
        <source>key created</source>
        <translation>키 생성</translation>
    </message>
    <message>
        <source>key modified</source>
        <translation>키 수정</translation>
    </message>
    <message>
        <source>Rev</source>
        <translation>Rev</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>종류</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>키</translation>
    </message>
</context>
<context>
    <name>rlab::ui::WorkQueueLane</name>
    <message>
        <source>waiting</source>
        <translation>대기</translation>
    </message>
    <message>
        <source>worker 00</source>
        <translation>워커 00</translation>
    </message>
    <message>
        <source>not running</source>
        <translation>실행 안 함</translation>
    </message>
    <message>
        <source>+%1 more</source>
        <translation>+%1개 더</translation>
    </message>
    <message>
        <source>after delay</source>
        <translation>지연 후</translation>
    </message>
    <message>
        <source>requeued by done()</source>
        <translation>done()이 다시 넣음</translation>
    </message>
    <message>
        <source>queue</source>
        <translation>큐</translation>
    </message>
    <message>
        <source>empty — get() would block</source>
        <translation>비어 있음 — get()이 대기합니다</translation>
    </message>
    <message>
        <source>worker ?</source>
        <translation>워커 ?</translation>
    </message>
    <message>
        <source>worker %1</source>
        <translation>워커 %1</translation>
    </message>
    <message>
        <source>dirty ×%1 — will requeue on done()</source>
        <translation>dirty ×%1 — done() 때 다시 큐에 넣음</translation>
    </message>
    <message>
        <source>dirty — will requeue on done()</source>
        <translation>dirty — done() 때 다시 큐에 넣음</translation>
    </message>
    <message>
        <source>done</source>
        <translation>완료</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>유휴</translation>
    </message>
    <message>
        <source>in %1</source>
        <translation>%1 후</translation>
    </message>
    <message>
        <source>requeues %1</source>
        <translation>재시도 %1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>없음</translation>
    </message>
    <message>
        <source>1 worker thread</source>
        <translation>워커 스레드 1개</translation>
    </message>
    <message>
        <source>%1 worker threads</source>
        <translation>워커 스레드 %1개</translation>
    </message>
    <message>
        <source>deterministic runner: worker 0 only</source>
        <translation>결정적 실행기: 워커 0만</translation>
    </message>
</context>
<context>
    <name>rlab::ui::WorkQueueModel</name>
    <message>
        <source>add(%1): already queued → deduplicated%2</source>
        <translation>add(%1): 이미 큐에 있음 → 중복 제거%2</translation>
    </message>
    <message>
        <source>add(%1) while a worker processes it → dirty, done() will requeue it%2</source>
        <translation>워커가 처리하는 중에 add(%1) → dirty, done()이 다시 큐에 넣음%2</translation>
    </message>
    <message>
        <source>done(%1) requeued it: it was re-added while processing%2</source>
        <translation>done(%1)이 다시 큐에 넣음: 처리 중에 다시 추가되었음%2</translation>
    </message>
    <message>
        <source>Queued (FIFO)</source>
        <translation>큐 (FIFO)</translation>
    </message>
    <message>
        <source>Workers</source>
        <translation>워커</translation>
    </message>
    <message>
        <source>Waiting (addAfter / backoff)</source>
        <translation>대기 (addAfter / backoff)</translation>
    </message>
    <message>
        <source>add</source>
        <translation>add</translation>
    </message>
    <message>
        <source>after delay</source>
        <translation>지연 후</translation>
    </message>
    <message>
        <source>requeued by done()</source>
        <translation>done()이 다시 넣음</translation>
    </message>
    <message>
        <source>depth %1 · processing %2 · waiting %3</source>
        <translation>길이 %1 · 처리 중 %2 · 대기 %3</translation>
    </message>
    <message>
        <source>adds %1 · dedups %2 · requeues %3 · retries %4 · longest running %5 ms</source>
        <translation>add %1 · 중복 제거 %2 · requeue %3 · 재시도 %4 · 최장 실행 %5 ms</translation>
    </message>
    <message>
        <source>×%1 · %2</source>
        <translation>×%1 · %2</translation>
    </message>
    <message>
        <source>waited %1 ms</source>
        <translation>%1 ms 대기</translation>
    </message>
    <message>
        <source>worker ?</source>
        <translation>워커 ?</translation>
    </message>
    <message>
        <source>worker %1</source>
        <translation>워커 %1</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>유휴</translation>
    </message>
    <message>
        <source>%1 · dirty — will requeue on done()</source>
        <translation>%1 · dirty — done() 때 다시 큐에 넣음</translation>
    </message>
    <message>
        <source>running %1 ms</source>
        <translation>%1 ms 실행 중</translation>
    </message>
    <message>
        <source>requeues %1</source>
        <translation>재시도 %1</translation>
    </message>
    <message>
        <source>addAfter</source>
        <translation>addAfter</translation>
    </message>
    <message>
        <source>ready in %1 ms</source>
        <translation>%1 ms 후 준비</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>키</translation>
    </message>
    <message>
        <source>State</source>
        <translation>상태</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>시간</translation>
    </message>
</context>
<context>
    <name>rlab::ui::WorkQueuePanel</name>
    <message>
        <source>Which controllers&apos; workqueues to show</source>
        <translation>어느 컨트롤러의 workqueue를 보여 줄지</translation>
    </message>
    <message>
        <source>Workqueues of</source>
        <translation>다음의 workqueue:</translation>
    </message>
    <message>
        <source>deployment + replicaset</source>
        <translation>deployment + replicaset</translation>
    </message>
    <message>
        <source>all controllers</source>
        <translation>모든 컨트롤러</translation>
    </message>
    <message>
        <source>Live cluster: its workqueues live inside kube-controller-manager and are not visible over the API. The shadow controller syncs each Deployment as its events arrive: see Controller activity.</source>
        <translation>실시간 클러스터: workqueue는 kube-controller-manager 안에 있어 API로는 보이지 않습니다. 섀도 컨트롤러는 이벤트가 도착할 때마다 각 Deployment를 sync합니다: 컨트롤러 활동을 보세요.</translation>
    </message>
</context>
<context>
    <name>rlab::ui::PhaseColors</name>
    <message>
        <source>Pending</source>
        <translation>대기</translation>
    </message>
    <message>
        <source>Creating</source>
        <translation>생성 중</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>실행 중</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>준비됨</translation>
    </message>
    <message>
        <source>Failing</source>
        <translation>실패</translation>
    </message>
    <message>
        <source>Terminating</source>
        <translation>종료 중</translation>
    </message>
</context>
<context>
    <name>rlab::ui::SchedulingReport</name>
    <message>
        <source>scheduleOne: %1 of %2 nodes passed the filters</source>
        <translation>scheduleOne: 노드 %2개 중 %1개가 필터를 통과</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>적합</translation>
    </message>
    <message>
        <source>filtered out: %1</source>
        <translation>필터에서 제외: %1</translation>
    </message>
    <message>
        <source>%1 skipped</source>
        <translation>%1 건너뜀</translation>
    </message>
    <message>
        <source> = %1</source>
        <translation> = %1</translation>
    </message>
    <message>
        <source> · the only one: no scoring (as upstream)</source>
        <translation> · 유일한 후보: 점수 계산 없음 (upstream과 같음)</translation>
    </message>
    <message>
        <source>  ← chosen</source>
        <translation>  ← 선택됨</translation>
    </message>
</context>
<context>
    <name>rlab::ui::LiveMenu</name>
    <message>
        <source>Back to the lab</source>
        <translation>랩으로 돌아가기</translation>
    </message>
</context>
<context>
    <name>rlab::ui::ObjectSummary</name>
    <message>
        <source>spec.replicas %1 · status: %2 current, %3 ready, %4 available</source>
        <translation>spec.replicas %1 · status: 현재 %2, 준비 %3, 가용 %4</translation>
    </message>
</context>
<context>
    <name>rlab::ui::TraceWording</name>
    <message>
        <source>Reflector ListAndWatch: listed %1 %2 at rv %3</source>
        <translation>Reflector ListAndWatch: rv %3에서 %2 %1개를 목록으로 받음</translation>
    </message>
    <message>
        <source>received %1 %2 (rv %3)</source>
        <translation>%1 %2 수신 (rv %3)</translation>
    </message>
    <message>
        <source>add %1 (depth %2)</source>
        <translation>%1 추가 (큐 길이 %2)</translation>
    </message>
    <message>
        <source>add %1: already queued, deduplicated</source>
        <translation>%1 추가: 이미 큐에 있어 중복 제거됨</translation>
    </message>
    <message>
        <source>addAfter %1: in %2 ms</source>
        <translation>addAfter %1: %2 ms 후</translation>
    </message>
    <message>
        <source>addRateLimited %1: retry %2 in %3 ms</source>
        <translation>addRateLimited %1: %3 ms 후 %2번째 재시도</translation>
    </message>
    <message>
        <source>worker %1 got %2 after %3 ms in the queue</source>
        <translation>워커 %1이(가) %2을(를) 가져옴 (큐에서 %3 ms 대기)</translation>
    </message>
    <message>
        <source>worker %1 done with %2 (%3 ms)</source>
        <translation>워커 %1이(가) %2 처리 완료 (%3 ms)</translation>
    </message>
    <message>
        <source>forget %1: failure count reset</source>
        <translation>forget %1: 실패 횟수 초기화</translation>
    </message>
    <message>
        <source>etcd created %1 at revision %2</source>
        <translation>etcd가 리비전 %2에 %1 생성</translation>
    </message>
    <message>
        <source>etcd updated %1 at revision %2</source>
        <translation>etcd가 리비전 %2에 %1 갱신</translation>
    </message>
    <message>
        <source>etcd deleted %1 at revision %2</source>
        <translation>etcd가 리비전 %2에 %1 삭제</translation>
    </message>
    <message>
        <source>compacted the history before revision %1 (%2 compacts every %3 minutes)</source>
        <translation>리비전 %1 이전의 기록을 압축함 (%2는 %3분마다 압축)</translation>
    </message>
    <message>
        <source>bound %1 to %2 (%3)</source>
        <translation>%1을(를) %2에 바인딩 (%3)</translation>
    </message>
    <message>
        <source>%1 of %2 nodes fit</source>
        <translation>노드 %2개 중 %1개가 적합</translation>
    </message>
    <message>
        <source>bound to %1 (score %2 of</source>
        <translation>%1에 바인딩 (점수 %2, 후보:</translation>
    </message>
    <message>
        <source>scores</source>
        <translation>점수</translation>
    </message>
    <message>
        <source>no node fits</source>
        <translation>맞는 노드가 없음</translation>
    </message>
    <message>
        <source>nothing to do</source>
        <translation>할 일 없음</translation>
    </message>
    <message>
        <source>%1 already has spec.replicas %2</source>
        <translation>%1은(는) 이미 spec.replicas %2</translation>
    </message>
    <message>
        <source>cannot scale up %1 beyond %2 (maxSurge %3: %4 allowed, %5 running)</source>
        <translation>%1을(를) %2 넘게 늘릴 수 없음 (maxSurge %3: 허용 %4, 실행 중 %5)</translation>
    </message>
    <message>
        <source>scaled up %1 from %2 to %3 (maxSurge %4: %5 allowed, %6 running)</source>
        <translation>%1을(를) %2에서 %3(으)로 늘림 (maxSurge %4: 허용 %5, 실행 중 %6)</translation>
    </message>
    <message>
        <source>cannot scale down: %1 pods - minAvailable %2 - %3 unavailable in %4 = %5</source>
        <translation>줄일 수 없음: 파드 %1 - minAvailable %2 - %4의 사용 불가 %3 = %5</translation>
    </message>
    <message>
        <source>scaled down %1 from %2 to %3 (%4 available &gt; minAvailable %5: may remove %6)</source>
        <translation>%1을(를) %2에서 %3(으)로 줄임 (사용 가능 %4 &gt; minAvailable %5: %6개 제거 가능)</translation>
    </message>
    <message>
        <source>scaled down %1 from %2 to %3 (Recreate: old pods go before new ones are created)</source>
        <translation>%1을(를) %2에서 %3(으)로 줄임 (Recreate: 새 파드를 만들기 전에 이전 파드가 먼저 사라짐)</translation>
    </message>
    <message>
        <source>status: %1 replicas, %2 updated, %3 ready, %4 available, %5 unavailable</source>
        <translation>상태: 레플리카 %1, 업데이트됨 %2, 준비됨 %3, 사용 가능 %4, 사용 불가 %5</translation>
    </message>
    <message>
        <source>no change</source>
        <translation>변경 없음</translation>
    </message>
    <message>
        <source>created new replica set %1 (pod-template-hash %2, revision %3) with %4 replicas</source>
        <translation>새 레플리카셋 %1 생성 (pod-template-hash %2, 리비전 %3), 레플리카 %4개</translation>
    </message>
    <message>
        <source>%1: %2 allowed, %3 running)</source>
        <translation>%1: 허용 %2, 실행 중 %3)</translation>
    </message>
    <message>
        <source>found new replica set %1 (its template matches)</source>
        <translation>새 레플리카셋 %1을(를) 찾음 (템플릿이 일치)</translation>
    </message>
    <message>
        <source>found new replica set %1: deployment revision %2 written with UpdateStatus</source>
        <translation>새 레플리카셋 %1을(를) 찾음: 디플로이먼트 리비전 %2을(를) UpdateStatus로 기록</translation>
    </message>
    <message>
        <source>updated it: revision %1</source>
        <translation>갱신함: 리비전 %1</translation>
    </message>
    <message>
        <source>updating the new replica set %1 failed</source>
        <translation>새 레플리카셋 %1 갱신 실패</translation>
    </message>
    <message>
        <source>UpdateStatus failed</source>
        <translation>UpdateStatus 실패</translation>
    </message>
    <message>
        <source>%1 failed:</source>
        <translation>%1 실패:</translation>
    </message>
    <message>
        <source>Operation cannot be fulfilled on %1 %2: the object has been modified</source>
        <translation>%1 %2에 대한 작업을 수행할 수 없음: 객체가 수정됨</translation>
    </message>
    <message>
        <source>please apply your changes to the latest version and try again</source>
        <translation>변경 사항을 최신 버전에 적용한 뒤 다시 시도하세요</translation>
    </message>
    <message>
        <source>after:</source>
        <translation>앞서 한 일:</translation>
    </message>
    <message>
        <source>replica set %1 is annotated desired-replicas %2 but the deployment wants %3: a scaling event, handled by sync</source>
        <translation>레플리카셋 %1의 desired-replicas 어노테이션은 %2이지만 디플로이먼트는 %3을(를) 원함: 스케일링 이벤트이므로 sync가 처리</translation>
    </message>
    <message>
        <source>%1 is the only active replica set: scaled up from %2 to %3</source>
        <translation>%1이(가) 유일한 활성 레플리카셋: %2에서 %3(으)로 늘림</translation>
    </message>
    <message>
        <source>%1 is the only active replica set: scaled down from %2 to %3</source>
        <translation>%1이(가) 유일한 활성 레플리카셋: %2에서 %3(으)로 줄임</translation>
    </message>
    <message>
        <source>paused: only scaling and cleanup, no rollout step</source>
        <translation>일시 중지됨: 스케일링과 정리만 하고 롤아웃 단계는 없음</translation>
    </message>
    <message>
        <source>old pods are still running: waiting for them to be gone</source>
        <translation>이전 파드가 아직 실행 중: 사라질 때까지 기다림</translation>
    </message>
    <message>
        <source>no progress: progress check queued in %1 s (lastUpdateTime + %2 s + %3 s)</source>
        <translation>진행 없음: %1초 후 진행 확인 예약 (lastUpdateTime + %2초 + %3초)</translation>
    </message>
    <message>
        <source>no progress for progressDeadlineSeconds %1: Progressing=False ProgressDeadlineExceeded</source>
        <translation>progressDeadlineSeconds %1 동안 진행 없음: Progressing=False ProgressDeadlineExceeded</translation>
    </message>
    <message>
        <source>progress (updated %1, old %2, ready %3, available %4): Progressing=True ReplicaSetUpdated, deadline restarted</source>
        <translation>진행 (업데이트됨 %1, 이전 %2, 준비됨 %3, 사용 가능 %4): Progressing=True ReplicaSetUpdated, 기한 다시 시작</translation>
    </message>
    <message>
        <source>the rollout is complete: Progressing=True NewReplicaSetAvailable</source>
        <translation>롤아웃 완료: Progressing=True NewReplicaSetAvailable</translation>
    </message>
    <message>
        <source>paused: Progressing=Unknown DeploymentPaused (the deadline stops counting)</source>
        <translation>일시 중지됨: Progressing=Unknown DeploymentPaused (기한 계산이 멈춤)</translation>
    </message>
    <message>
        <source>resumed: Progressing=Unknown DeploymentResumed (the deadline restarts now)</source>
        <translation>재개됨: Progressing=Unknown DeploymentResumed (기한이 지금 다시 시작)</translation>
    </message>
    <message>
        <source>too few replicas for ReplicaSet %1, need %2, creating %3</source>
        <translation>ReplicaSet %1의 레플리카가 부족함, 필요 %2, %3개 생성</translation>
    </message>
    <message>
        <source>too many replicas for ReplicaSet %1, need %2, deleting %3</source>
        <translation>ReplicaSet %1의 레플리카가 너무 많음, 필요 %2, %3개 삭제</translation>
    </message>
    <message>
        <source>Updating status for ReplicaSet: %1</source>
        <translation>ReplicaSet 상태 갱신: %1</translation>
    </message>
    <message>
        <source>replica floor is switched off</source>
        <translation>레플리카 하한이 꺼져 있음</translation>
    </message>
    <message>
        <source>raised %1 from %2 to the floor of %3 replicas</source>
        <translation>%1을(를) %2에서 하한인 레플리카 %3개로 올림</translation>
    </message>
    <message>
        <source>%1 has %2 replicas, floor %3: in the desired state</source>
        <translation>%1의 레플리카 %2개, 하한 %3: 원하는 상태임</translation>
    </message>
    <message>
        <source>new pod on this node</source>
        <translation>이 노드의 새 파드</translation>
    </message>
    <message>
        <source>sandbox created, starting %1 container(s) in order</source>
        <translation>샌드박스 생성됨, 컨테이너 %1개를 순서대로 시작</translation>
    </message>
    <message>
        <source>pulling image %1 for container %2 (ready in %3)</source>
        <translation>컨테이너 %2의 이미지 %1 풀 중 (%3 후 완료)</translation>
    </message>
    <message>
        <source>attempt %1 after the back-off</source>
        <translation>back-off 후 %1번째 시도</translation>
    </message>
    <message>
        <source>pulling image %1 failed</source>
        <translation>이미지 %1 풀 실패</translation>
    </message>
    <message>
        <source>(the lab&apos;s rule for images that do not exist)</source>
        <translation>(없는 이미지에 대한 랩의 규칙)</translation>
    </message>
    <message>
        <source>image pull back-off %1</source>
        <translation>이미지 풀 back-off %1</translation>
    </message>
    <message>
        <source>next pull in %1</source>
        <translation>다음 풀까지 %1</translation>
    </message>
    <message>
        <source>image %1 pulled</source>
        <translation>이미지 %1 풀 완료</translation>
    </message>
    <message>
        <source>container %1 created, starting it (%2)</source>
        <translation>컨테이너 %1 생성됨, 시작하는 중 (%2)</translation>
    </message>
    <message>
        <source>container %1 started</source>
        <translation>컨테이너 %1 시작됨</translation>
    </message>
    <message>
        <source>container %1</source>
        <translation>컨테이너 %1</translation>
    </message>
    <message>
        <source>Running on IP %1</source>
        <translation>IP %1에서 Running</translation>
    </message>
    <message>
        <source>readiness check in %1</source>
        <translation>%1 후 readiness 검사</translation>
    </message>
    <message>
        <source>container %1 passed its readiness check</source>
        <translation>컨테이너 %1이(가) readiness 검사를 통과함</translation>
    </message>
    <message>
        <source>no readiness probe: ready</source>
        <translation>readiness 프로브 없음: 바로 준비됨</translation>
    </message>
    <message>
        <source>pod Ready (Ready and ContainersReady True)</source>
        <translation>파드 Ready (Ready와 ContainersReady가 True)</translation>
    </message>
    <message>
        <source>status:</source>
        <translation>상태:</translation>
    </message>
    <message>
        <source>next stage in %1</source>
        <translation>%1 후 다음 단계</translation>
    </message>
    <message>
        <source>deletionTimestamp is set</source>
        <translation>deletionTimestamp가 설정됨</translation>
    </message>
    <message>
        <source>Terminating: stopping container %1 (grace period %2</source>
        <translation>Terminating: 컨테이너 %1 중지 중 (유예 기간 %2</translation>
    </message>
    <message>
        <source>exits after %1)</source>
        <translation>%1 후 종료)</translation>
    </message>
    <message>
        <source>containers stopped</source>
        <translation>컨테이너 중지됨</translation>
    </message>
    <message>
        <source>the kubelet deletes the pod with grace %1, which removes it from etcd</source>
        <translation>kubelet이 유예 %1(으)로 파드를 삭제하여 etcd에서 제거함</translation>
    </message>
    <message>
        <source>deleted with grace %1: the pod is removed from etcd</source>
        <translation>유예 %1(으)로 삭제됨: 파드가 etcd에서 제거됨</translation>
    </message>
    <message>
        <source>the pod is gone from the API</source>
        <translation>파드가 API에서 사라짐</translation>
    </message>
    <message>
        <source>the pod is already being deleted</source>
        <translation>파드가 이미 삭제되는 중</translation>
    </message>
    <message>
        <source>the node stops answering</source>
        <translation>노드가 응답하지 않음</translation>
    </message>
    <message>
        <source>its kubelet stops posting status</source>
        <translation>kubelet이 상태 보고를 멈춤</translation>
    </message>
    <message>
        <source>the kubelet on %1 stopped (node failure): it runs no stage and posts no status until the node recovers</source>
        <translation>%1의 kubelet이 멈춤 (노드 장애): 노드가 복구될 때까지 어떤 단계도 실행하지 않고 상태도 보고하지 않음</translation>
    </message>
    <message>
        <source>no status from %1&apos;s kubelet</source>
        <translation>%1의 kubelet에서 상태 보고가 없음</translation>
    </message>
    <message>
        <source>tainted %1 with %2 (no new pods) and %3 (pods are evicted when their toleration runs out)</source>
        <translation>%1에 테인트 %2 (새 파드 없음)와 %3 (톨러레이션이 끝나면 파드 축출) 추가</translation>
    </message>
    <message>
        <source>tainted unreachable NoSchedule + NoExecute</source>
        <translation>unreachable NoSchedule + NoExecute 테인트 추가</translation>
    </message>
    <message>
        <source>%1 pod(s) on %2 set to Ready=False</source>
        <translation>%2의 파드 %1개를 Ready=False로 설정</translation>
    </message>
    <message>
        <source>their ReplicaSets see them as unavailable</source>
        <translation>해당 ReplicaSet은 이 파드들을 사용 불가로 봄</translation>
    </message>
    <message>
        <source>%1 pod(s) marked NotReady</source>
        <translation>파드 %1개를 NotReady로 표시</translation>
    </message>
    <message>
        <source>tolerates the NoExecute taint for %1: eviction in %2</source>
        <translation>NoExecute 테인트를 %1 동안 용인: %2 후 축출</translation>
    </message>
    <message>
        <source>deleted: its toleration of %1 for the NoExecute taint ran out</source>
        <translation>삭제됨: NoExecute 테인트에 대한 %1 톨러레이션이 끝남</translation>
    </message>
    <message>
        <source>taint eviction: %1 on %2 is deleted because its toleration of %3 for the NoExecute taint ran out</source>
        <translation>테인트 축출: NoExecute 테인트에 대한 %3 톨러레이션이 끝나 %2의 %1 삭제</translation>
    </message>
    <message>
        <source>the node is back</source>
        <translation>노드가 돌아옴</translation>
    </message>
    <message>
        <source>its kubelet starts again</source>
        <translation>kubelet이 다시 시작함</translation>
    </message>
    <message>
        <source>the kubelet on %1 is back after %2: every stage on the node resumes where it stopped</source>
        <translation>%1의 kubelet이 %2 만에 돌아옴: 노드의 모든 단계가 멈춘 곳에서 다시 진행</translation>
    </message>
    <message>
        <source>resyncing its %1 pod(s)</source>
        <translation>파드 %1개 다시 동기화</translation>
    </message>
    <message>
        <source>%1&apos;s kubelet posts Ready=True again (KubeletReady)</source>
        <translation>%1의 kubelet이 다시 Ready=True를 보고 (KubeletReady)</translation>
    </message>
    <message>
        <source>removed the %1 taints from %2: it takes new pods again</source>
        <translation>%2에서 %1 테인트를 제거: 다시 새 파드를 받음</translation>
    </message>
    <message>
        <source>unreachable taints removed</source>
        <translation>unreachable 테인트 제거됨</translation>
    </message>
    <message>
        <source>Successfully assigned %1 to %2</source>
        <translation>%1을(를) %2에 할당함</translation>
    </message>
    <message>
        <source>Scaled up replica set %1 to %2 from %3</source>
        <translation>레플리카셋 %1을(를) %3에서 %2(으)로 늘림</translation>
    </message>
    <message>
        <source>Scaled up replica set %1 to %2</source>
        <translation>레플리카셋 %1을(를) %2(으)로 늘림</translation>
    </message>
    <message>
        <source>Scaled down replica set %1 to %2 from %3</source>
        <translation>레플리카셋 %1을(를) %3에서 %2(으)로 줄임</translation>
    </message>
    <message>
        <source>Scaled down replica set %1 to %2</source>
        <translation>레플리카셋 %1을(를) %2(으)로 줄임</translation>
    </message>
    <message>
        <source>Created pod: %1</source>
        <translation>파드 생성: %1</translation>
    </message>
    <message>
        <source>(combined from similar events):</source>
        <translation>(비슷한 이벤트를 합침):</translation>
    </message>
    <message>
        <source>(not written: the event spam filter lets a source write %1 events about one object, then %2 every %3 minutes)</source>
        <translation>(기록되지 않음: 이벤트 스팸 필터는 한 소스가 한 객체에 대해 이벤트를 %1개까지 쓰게 하고, 그 뒤로는 %3분마다 %2개만 허용합니다)</translation>
    </message>
    <message>
        <source>Deleted pod: %1</source>
        <translation>파드 삭제: %1</translation>
    </message>
    <message>
        <source>Pulling image %1</source>
        <translation>이미지 %1 풀 중</translation>
    </message>
    <message>
        <source>Successfully pulled image %1 in %2 (%3 including waiting). Image size: %4 bytes.</source>
        <translation>이미지 %1 풀 성공, %2 소요 (대기 포함 %3). 이미지 크기: %4바이트.</translation>
    </message>
    <message>
        <source>Container image %1 already present on machine</source>
        <translation>컨테이너 이미지 %1이(가) 이미 머신에 있음</translation>
    </message>
    <message>
        <source>Created container: %1</source>
        <translation>컨테이너 생성: %1</translation>
    </message>
    <message>
        <source>Started container %1</source>
        <translation>컨테이너 %1 시작</translation>
    </message>
    <message>
        <source>Stopping container %1</source>
        <translation>컨테이너 %1 중지 중</translation>
    </message>
    <message>
        <source>Back-off pulling image %1</source>
        <translation>이미지 %1 풀 back-off</translation>
    </message>
    <message>
        <source>Failed to pull image %1</source>
        <translation>이미지 %1 풀 실패</translation>
    </message>
    <message>
        <source>Node %1 status is now: %2</source>
        <translation>노드 %1 상태: %2</translation>
    </message>
    <message>
        <source>Node is not ready</source>
        <translation>노드가 준비되지 않음</translation>
    </message>
    <message>
        <source>Marking for deletion Pod %1</source>
        <translation>파드 %1을(를) 삭제 대상으로 표시</translation>
    </message>
    <message>
        <source>not written for an hour expired (kube-apiserver --event-ttl=1h)</source>
        <translation>(한 시간 동안 쓰이지 않아 만료됨, kube-apiserver --event-ttl=1h)</translation>
    </message>
    <message>
        <source>resync (every %1 s): onUpdate(obj, obj) for %2 cached %3</source>
        <translation>resync (%1초마다): 캐시된 %3 %2개에 onUpdate(obj, obj)</translation>
    </message>
    <message>
        <source>%1 unschedulable pod(s) retried after their backoff</source>
        <translation>스케줄할 수 없던 파드 %1개를 backoff 후 재시도</translation>
    </message>
    <message>
        <source>%1 has the same template as the deployment: skipping the rollback</source>
        <translation>%1의 템플릿이 디플로이먼트와 같음: 롤백을 건너뜀</translation>
    </message>
    <message>
        <source>%1 keeps %2 replicas; annotations desired-replicas %3, max-replicas %4 refreshed</source>
        <translation>%1은(는) 레플리카 %2개 유지, desired-replicas %3 · max-replicas %4 어노테이션 갱신</translation>
    </message>
    <message>
        <source>%1 of %2 ready pods available: sync again in minReadySeconds %3s</source>
        <translation>준비된 파드 %2개 중 %1개 사용 가능: minReadySeconds %3초 후 다시 sync</translation>
    </message>
    <message>
        <source>the namespace is terminating, the key is not retried</source>
        <translation>네임스페이스가 종료 중이라 키를 재시도하지 않음</translation>
    </message>
    <message>
        <source>Controller still waiting on expectations (add %1, del %2): manageReplicas skipped</source>
        <translation>컨트롤러가 아직 expectations를 기다리는 중 (추가 %1, 삭제 %2): manageReplicas 건너뜀</translation>
    </message>
    <message>
        <source>ReplicaSet %1 has been deleted: its expectations are forgotten</source>
        <translation>ReplicaSet %1이(가) 삭제됨: expectations를 잊음</translation>
    </message>
    <message>
        <source>adopted orphan ReplicaSet %1 (its labels match the selector)</source>
        <translation>고아 ReplicaSet %1을(를) 입양함 (레이블이 셀렉터와 일치)</translation>
    </message>
    <message>
        <source>released ReplicaSet %1 (its labels no longer match the selector)</source>
        <translation>ReplicaSet %1을(를) 놓아줌 (레이블이 더 이상 셀렉터와 일치하지 않음)</translation>
    </message>
    <message>
        <source>annotation %1 asks for a rollback</source>
        <translation>어노테이션 %1이(가) 롤백을 요청함</translation>
    </message>
    <message>
        <source>annotations copied from the deployment</source>
        <translation>디플로이먼트에서 어노테이션을 복사함</translation>
    </message>
    <message>
        <source>bound to %1 (the only node that fits)</source>
        <translation>%1에 바인딩 (맞는 노드가 하나뿐)</translation>
    </message>
    <message>
        <source>cannot scale down: %1 available &lt;= minAvailable %2</source>
        <translation>줄일 수 없음: 사용 가능 %1 &lt;= minAvailable %2</translation>
    </message>
    <message>
        <source>adopted orphan pod %1 (controller ownerReference added)</source>
        <translation>고아 파드 %1을(를) 입양함 (controller ownerReference 추가)</translation>
    </message>
    <message>
        <source>released pod %1 (its labels no longer match the selector)</source>
        <translation>파드 %1을(를) 놓아줌 (레이블이 더 이상 셀렉터와 일치하지 않음)</translation>
    </message>
    <message>
        <source>copied the pod template of %1 (revision %2) into the deployment</source>
        <translation>%1의 파드 템플릿(리비전 %2)을 디플로이먼트에 복사함</translation>
    </message>
    <message>
        <source>hash collision: %1 exists with another template; collisionCount %2 → %3</source>
        <translation>해시 충돌: %1이(가) 다른 템플릿으로 존재함; collisionCount %2 → %3</translation>
    </message>
    <message>
        <source>new replica set %1 is saturated: scaled down old %2 from %3 to 0</source>
        <translation>새 레플리카셋 %1이(가) 가득 참: 이전 %2을(를) %3에서 0으로 줄임</translation>
    </message>
    <message>
        <source>the progress deadline is due: requeued (rate limited) for a progress check</source>
        <translation>진행 기한이 됨: 진행 확인을 위해 다시 큐에 넣음 (rate limited)</translation>
    </message>
    <message>
        <source>no new replica set for deployment %1</source>
        <translation>디플로이먼트 %1의 새 레플리카셋이 없음</translation>
    </message>
    <message>
        <source>no replica set has revision %1: giving up the rollback</source>
        <translation>리비전 %1인 레플리카셋이 없음: 롤백을 포기함</translation>
    </message>
    <message>
        <source>Unable to find last revision: giving up the rollback</source>
        <translation>마지막 리비전을 찾을 수 없음: 롤백을 포기함</translation>
    </message>
    <message>
        <source>replica set %1 already exists and is ours with this template: using it</source>
        <translation>레플리카셋 %1이(가) 이 템플릿으로 이미 있고 우리 것임: 그것을 사용</translation>
    </message>
    <message>
        <source>revisionHistoryLimit %1, %2 old replica sets: deleted %3 (revision %4)</source>
        <translation>revisionHistoryLimit %1, 이전 레플리카셋 %2개: %3 삭제 (리비전 %4)</translation>
    </message>
    <message>
        <source>scaled down %1 from %2 to %3 (more than spec.replicas)</source>
        <translation>%1을(를) %2에서 %3(으)로 줄임 (spec.replicas보다 많음)</translation>
    </message>
    <message>
        <source>scaled down %1 from %2 to %3: %4 of its replicas are not available (may remove %5)</source>
        <translation>%1을(를) %2에서 %3(으)로 줄임: 레플리카 중 %4개가 사용 불가 (%5개 제거 가능)</translation>
    </message>
    <message>
        <source>scaled up %1 from %2 to %3 (no old pod is running)</source>
        <translation>%1을(를) %2에서 %3(으)로 늘림 (실행 중인 이전 파드 없음)</translation>
    </message>
    <message>
        <source>scaled up %1 from %2 to %3</source>
        <translation>%1을(를) %2에서 %3(으)로 늘림</translation>
    </message>
    <message>
        <source>scaled down %1 from %2 to %3</source>
        <translation>%1을(를) %2에서 %3(으)로 줄임</translation>
    </message>
    <message>
        <source>only %1 fits (no scoring)</source>
        <translation>%1만 맞음 (점수 계산 없음)</translation>
    </message>
    <message>
        <source>top scores</source>
        <translation>상위 점수</translation>
    </message>
    <message>
        <source>the ReplicaSet controller has not observed generation %1 yet</source>
        <translation>ReplicaSet 컨트롤러가 아직 generation %1을(를) 관찰하지 않음</translation>
    </message>
    <message>
        <source>the deployment is being deleted: only its status is updated</source>
        <translation>디플로이먼트가 삭제되는 중: 상태만 갱신함</translation>
    </message>
    <message>
        <source>the selector is empty and would select all pods: nothing is done</source>
        <translation>셀렉터가 비어 있어 모든 파드를 고를 것임: 아무것도 하지 않음</translation>
    </message>
    <message>
        <source>unable to delete pods</source>
        <translation>파드를 삭제할 수 없음</translation>
    </message>
    <message>
        <source>updating %1 to %2 replicas failed</source>
        <translation>%1을(를) 레플리카 %2개로 갱신 실패</translation>
    </message>
    <message>
        <source>proportional scaling to %1 replicas</source>
        <translation>레플리카 %1개로 비례 스케일링</translation>
    </message>
    <message>
        <source>Deployment has minimum availability.</source>
        <translation>디플로이먼트가 최소 가용성을 갖춤.</translation>
    </message>
    <message>
        <source>Deployment does not have minimum availability.</source>
        <translation>디플로이먼트가 최소 가용성을 갖추지 못함.</translation>
    </message>
    <message>
        <source>nodes are available:</source>
        <translation>노드가 사용 가능:</translation>
    </message>
    <message>
        <source>node(s) had untolerated taint</source>
        <translation>노드에 용인되지 않은 테인트가 있음</translation>
    </message>
    <message>
        <source>node(s) were unschedulable</source>
        <translation>노드가 스케줄 불가</translation>
    </message>
    <message>
        <source>node(s) didn&apos;t match Pod&apos;s node affinity/selector</source>
        <translation>노드가 파드의 node affinity/selector와 맞지 않음</translation>
    </message>
    <message>
        <source>failed to pull and unpack image %1</source>
        <translation>이미지 %1을(를) 받아 압축을 풀 수 없음</translation>
    </message>
    <message>
        <source>failed to resolve reference %1</source>
        <translation>참조 %1을(를) 확인할 수 없음</translation>
    </message>
    <message>
        <source>not found</source>
        <translation>찾을 수 없음</translation>
    </message>
    <message>
        <source>%1 (an absolute number, no rounding)</source>
        <translation>%1 (절대값, 반올림 없음)</translation>
    </message>
    <message>
        <source>%1 of %2 = %3 (whole, nothing to round)</source>
        <translation>%2의 %1 = %3 (정수라서 반올림할 것이 없음)</translation>
    </message>
    <message>
        <source>%1 of %2 = %3 → rounds up to %4</source>
        <translation>%2의 %1 = %3 → 올림하여 %4</translation>
    </message>
    <message>
        <source>%1 of %2 = %3 → rounds down to %4</source>
        <translation>%2의 %1 = %3 → 내림하여 %4</translation>
    </message>
    <message>
        <source>maxSurge and maxUnavailable both 0 → maxUnavailable 1, so the rollout can progress</source>
        <translation>maxSurge와 maxUnavailable이 모두 0 → maxUnavailable 1, 롤아웃이 진행될 수 있도록</translation>
    </message>
    <message>
        <source>with 0 replicas nothing can be unavailable → 0</source>
        <translation>레플리카가 0개면 사용 불가일 것이 없음 → 0</translation>
    </message>
    <message>
        <source>capped at replicas %1</source>
        <translation>레플리카 수 %1(으)로 제한됨</translation>
    </message>
    <message>
        <source>(unset)</source>
        <translation>(설정 안 됨)</translation>
    </message>
    <message>
        <source>Recreate: no surge, the new ReplicaSet starts after every old pod is gone</source>
        <translation>Recreate: surge 없음, 이전 파드가 모두 사라진 뒤에 새 ReplicaSet이 시작됨</translation>
    </message>
    <message>
        <source>Recreate: every old pod goes down first (all %1 unavailable)</source>
        <translation>Recreate: 이전 파드가 모두 먼저 내려감 (%1개 모두 사용 불가)</translation>
    </message>
    <message>
        <source>no room: maxTotal %1 (%2 + maxSurge %3) − current %4 = %5 → stays %6</source>
        <translation>여유 없음: maxTotal %1 (%2 + maxSurge %3) − 현재 %4 = %5 → %6 유지</translation>
    </message>
    <message>
        <source>new RS may grow to maxTotal %1 (%2 + maxSurge %3) − current %4 = %5; still needed %2 − %6 = %7; min(%5, %7) = %8 → %6 + %8 = %9</source>
        <translation>새 RS가 늘 수 있는 양: maxTotal %1 (%2 + maxSurge %3) − 현재 %4 = %5; 아직 필요 %2 − %6 = %7; min(%5, %7) = %8 → %6 + %8 = %9</translation>
    </message>
    <message>
        <source>%1 of its pods are not available; at most %2 may go (maxScaledDown) → min(%1, %2) = %3 removed</source>
        <translation>파드 %1개가 사용 불가; 최대 %2개까지 제거 가능 (maxScaledDown) → min(%1, %2) = %3개 제거</translation>
    </message>
    <message>
        <source>available %1 − minAvailable %2 = %3 may go; %4 − %5 = %6</source>
        <translation>사용 가능 %1 − minAvailable %2 = %3개 제거 가능; %4 − %5 = %6</translation>
    </message>
    <message>
        <source>maxScaledDown = %1 pods − minAvailable %2 − %3 unavailable in the new RS = %4 → no old pod may go</source>
        <translation>maxScaledDown = 파드 %1 − minAvailable %2 − 새 RS의 사용 불가 %3 = %4 → 이전 파드를 제거할 수 없음</translation>
    </message>
    <message>
        <source>(this sync then failed and was requeued; the write stands)</source>
        <translation>(이 sync는 이후 실패하여 다시 큐에 들어감; 쓴 내용은 유지됨)</translation>
    </message>
    <message>
        <source>replicas %1 (need %2)</source>
        <translation>레플리카 %1 (필요 %2)</translation>
    </message>
    <message>
        <source>sequence No: %1</source>
        <translation>시퀀스 번호: %1</translation>
    </message>
    <message>
        <source>back-off over, restarting container %1</source>
        <translation>back-off가 끝나 컨테이너 %1을(를) 다시 시작</translation>
    </message>
    <message>
        <source>container %1 exited with code 1 after %2 (rlab.dev/crash-after)</source>
        <translation>컨테이너 %1이(가) %2 후 코드 1로 종료됨 (rlab.dev/crash-after)</translation>
    </message>
    <message>
        <source>container %1 fails its readiness check and stays not ready (rlab.dev/never-ready)</source>
        <translation>컨테이너 %1이(가) readiness 검사에 실패하여 준비되지 않은 채로 남음 (rlab.dev/never-ready)</translation>
    </message>
    <message>
        <source>Back-off restarting failed container %1 in pod %2</source>
        <translation>파드 %2에서 실패한 컨테이너 %1 재시작 back-off</translation>
    </message>
    <message>
        <source>Readiness probe failed: HTTP probe failed with statuscode: 503</source>
        <translation>Readiness 프로브 실패: HTTP 프로브가 상태 코드 503으로 실패</translation>
    </message>
    <message>
        <source>restarting failed container=%1 pod=%2</source>
        <translation>실패한 컨테이너 재시작 container=%1 pod=%2</translation>
    </message>
    <message>
        <source>%1 has just been deleted at %2</source>
        <translation>%1이(가) %2에 방금 삭제됨</translation>
    </message>
    <message>
        <source>all dependents of %1 %2 are gone: removed the foregroundDeletion finalizer</source>
        <translation>%1 %2의 종속 객체가 모두 사라짐: foregroundDeletion 파이널라이저 제거</translation>
    </message>
    <message>
        <source>deleted %1 %2: its owner %3 %4 no longer exists</source>
        <translation>%1 %2 삭제: 소유자 %3 %4이(가) 더 이상 없음</translation>
    </message>
    <message>
        <source>deleting %1 %2 in the foreground: its owner %3 %4 is being deleted</source>
        <translation>%1 %2을(를) foreground로 삭제 중: 소유자 %3 %4이(가) 삭제되는 중</translation>
    </message>
    <message>
        <source>orphaned %1 dependents of %2 %3 and removed the orphan finalizer</source>
        <translation>%2 %3의 종속 객체 %1개를 고아로 남기고 orphan 파이널라이저 제거</translation>
    </message>
    <message>
        <source>not a pod of this node</source>
        <translation>이 노드의 파드가 아님</translation>
    </message>
    <message>
        <source>the kubelet is stopped (node failure): nothing happens until the node recovers</source>
        <translation>kubelet이 멈춤 (노드 장애): 노드가 복구될 때까지 아무 일도 일어나지 않음</translation>
    </message>
    <message>
        <source>the pod changed under the kubelet; the informer will bring it back</source>
        <translation>kubelet이 처리하는 사이 파드가 바뀜; informer가 다시 가져옴</translation>
    </message>
    <message>
        <source>the pod is gone: its containers are removed and its IP is released</source>
        <translation>파드가 사라짐: 컨테이너를 제거하고 IP를 반환함</translation>
    </message>
    <message>
        <source>the pod was deleted meanwhile</source>
        <translation>그사이 파드가 삭제됨</translation>
    </message>
    <message>
        <source>the cluster&apos;s watch sent %1 %2 %3 (resourceVersion %4)</source>
        <translation>클러스터의 watch가 %1 %2 %3을(를) 보냄 (resourceVersion %4)</translation>
    </message>
    <message>
        <source>Kubelet stopped posting node status.</source>
        <translation>Kubelet이 노드 상태 보고를 멈춤.</translation>
    </message>
    <message>
        <source>node %1 does not exist</source>
        <translation>노드 %1이(가) 없음</translation>
    </message>
    <message>
        <source>containers with unready status: [%1]</source>
        <translation>준비되지 않은 상태의 컨테이너: [%1]</translation>
    </message>
    <message>
        <source>The container could not be located when the pod was terminated</source>
        <translation>파드가 종료될 때 컨테이너를 찾을 수 없음</translation>
    </message>
    <message>
        <source>Error creating: %1</source>
        <translation>생성 오류: %1</translation>
    </message>
    <message>
        <source>Error deleting: %1</source>
        <translation>삭제 오류: %1</translation>
    </message>
    <message>
        <source>Reflector ListAndWatch: list failed:</source>
        <translation>Reflector ListAndWatch: list 실패:</translation>
    </message>
    <message>
        <source>Reflector: watch failed:</source>
        <translation>Reflector: watch 실패:</translation>
    </message>
    <message>
        <source>watch error %1: %2</source>
        <translation>watch 오류 %1: %2</translation>
    </message>
    <message>
        <source>resuming from rv %1</source>
        <translation>rv %1부터 다시 진행</translation>
    </message>
    <message>
        <source>watch from rv %1 expired (410 Gone: %2): relisting</source>
        <translation>rv %1부터의 watch가 만료됨 (410 Gone: %2): 다시 list</translation>
    </message>
    <message>
        <source>cached objects are gone and will be delivered as DeletedFinalStateUnknown</source>
        <translation>캐시된 객체가 사라져 DeletedFinalStateUnknown으로 전달됨</translation>
    </message>
    <message>
        <source>Slow-start failure. Skipping creation of %1 pods, decrementing expectations</source>
        <translation>Slow-start 실패. 파드 %1개 생성을 건너뛰고 expectations를 줄임</translation>
    </message>
    <message>
        <source>syncDeployment will:</source>
        <translation>syncDeployment가 할 일:</translation>
    </message>
    <message>
        <source>Taint manager: deleting due to NoExecute taint</source>
        <translation>Taint manager: NoExecute 테인트 때문에 삭제</translation>
    </message>
    <message>
        <source>it does not tolerate %1</source>
        <translation>%1을(를) 용인하지 않음</translation>
    </message>
    <message>
        <source>its toleration of %1 for the NoExecute taint ran out</source>
        <translation>NoExecute 테인트에 대한 %1 톨러레이션이 끝남</translation>
    </message>
    <message>
        <source>its tolerations tolerate the NoExecute taints forever: never evicted</source>
        <translation>톨러레이션이 NoExecute 테인트를 영원히 용인함: 축출되지 않음</translation>
    </message>
    <message>
        <source>node %1 has no NoExecute taint: nothing to evict</source>
        <translation>노드 %1에 NoExecute 테인트가 없음: 축출할 것이 없음</translation>
    </message>
    <message>
        <source>the pod is gone or not on a node</source>
        <translation>파드가 사라졌거나 노드에 없음</translation>
    </message>
</context>
<context>
    <name>rlab::ui::LabOpen</name>
    <message>
        <source>cancelled</source>
        <translation>취소됨</translation>
    </message>
</context>
</TS>
