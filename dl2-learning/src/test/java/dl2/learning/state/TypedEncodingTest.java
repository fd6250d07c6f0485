package dl2.learning.state;

import static dl2.learning.EnvironmentFixtures.job;
import static dl2.learning.EnvironmentFixtures.simulator;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dl2.io.InputException;
import dl2.learning.speeds.MeasuredSpeeds;
import dl2.model.ClusterSpec;
import dl2.model.GpuCatalogue;
import dl2.model.GpuType;
import dl2.model.JobType;
import dl2.model.NodeGroup;
import dl2.model.Task;
import dl2.placement.LeastLoaded;
import dl2.slot.JobView;
import dl2.slot.PlacedSlot;
import dl2.slot.Placement;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The typed encoding on a cluster of node 0 with K80s and nodes 1 and 2 with V100s, each of 8 cores
 * and 2 GPUs (6 GPUs: 2 K80, 4 V100); resnet-50: a worker takes 2 cores and 1 GPU, a PS 2 cores.
 * Job 1 holds a worker on node 1 (load 2/8 + 1/2 = 0.75); job 2 holds nothing. A window of 8
 * columns: job 1's are 0–3 (beside own, K80, V100, a third type the cluster lacks), job 2's 4–7.
 */
class TypedEncodingTest {
  private static final ClusterSpec K80_V100 =
      new ClusterSpec(
          List.of(
              new NodeGroup(1, 8, 2, GpuCatalogue.K80), new NodeGroup(2, 8, 2, GpuCatalogue.V100)));
  private static final int TYPED = ObservedFeatures.COUNT + PlacedFeatures.COUNT;

  private final Observer observer = new Observer(StateEncoding.TYPED.create(8, 4, 30000, true), 4);
  private final PlacedSlot slot =
      new PlacedSlot(
          simulator(
                  K80_V100, 4, job(1, JobType.RESNET_50, 0, 100), job(2, JobType.RESNET_50, 0, 100))
              .beginSlot(),
          new LeastLoaded());
  private final JobView one = slot.jobs().get(0);
  private final JobView two = slot.jobs().get(1);

  TypedEncodingTest() {
    observer.startSlot(new MeasuredSpeeds(), slot);
    assertThat(slot.tryAddOn(1, one, Task.WORKER)).isTrue();
  }

  private SlotWindow window() {
    SlotWindow window = observer.keptWindow();
    window.begin(slot.jobs(), slot.slot());
    return window;
  }

  private static double[] typed(SlotWindow window, int column) {
    return Arrays.copyOfRange(window.features(column), TYPED, TYPED + TypedFeatures.COUNT);
  }

  /**
   * Job 1's worker: beside its own worker on node 1; the K80 column's only node 0; the V100
   * column's least-loaded V100, node 2 (load 0 against 0.75); the third type's column nowhere.
   */
  @Test
  void eachColumnSendsTheTaskToTheLeastLoadedNodeOfItsType() {
    SlotWindow window = window();
    ActionSpace actions = observer.actions();
    assertThat(window.nodeFor(actions.action(0, Task.WORKER))).isEqualTo(1);
    assertThat(window.nodeFor(actions.action(1, Task.WORKER))).isZero();
    assertThat(window.nodeFor(actions.action(2, Task.WORKER))).isEqualTo(2);
    assertThat(window.nodeFor(actions.action(3, Task.WORKER))).isEqualTo(Placement.NOWHERE);
    assertThat(window.nodeFor(actions.action(4, Task.BUNDLE))).isEqualTo(Placement.NOWHERE);
    assertThat(window.nodeFor(actions.action(6, Task.BUNDLE))).isEqualTo(2);
  }

  /**
   * Typed features (type one-hot; model speed and flag; job speed and flag; the job's workers
   * there), nothing measured yet. K80: none of job 1's workers. V100: its one worker. The
   * beside-own column takes node 1 for a worker, a V100: the V100's features. The third type's
   * column and job 2's beside-own column (no own node) are all 0.
   */
  @Test
  void aColumnDescribesItsTypeFromWhatTheClusterObserves() {
    SlotWindow window = window();
    double[] v100 = {0, 1, 0, 0, 0, 0, 0, 1};
    assertThat(typed(window, 1)).containsExactly(1, 0, 0, 0, 0, 0, 0, 0);
    assertThat(typed(window, 2)).containsExactly(v100);
    assertThat(typed(window, 0)).containsExactly(v100);
    assertThat(typed(window, 3)).containsOnly(0);
    assertThat(typed(window, 4)).containsOnly(0);
    assertThat(typed(window, 6)).containsExactly(0, 1, 0, 0, 0, 0, 0, 0);
  }

  /**
   * Global features, per type the free share of its GPUs, its share of the cluster's and its
   * least-loaded node's tasks (ln(1 + n) / ln 9): K80 2 of 2 free, 2/6 of the GPUs, node 0 empty;
   * V100 3 of 4 free, 4/6, node 2 empty (load 0 against node 1's 0.75); the third type 0, 0, 0. A
   * second worker of job 1 on node 2 leaves the V100s 2 of 4 free and both at load 0.75, so the
   * least loaded is node 1 (the lower index), with one task; the kept window and a fresh
   * observation both say so, after the 8 columns of 46 features (18 observed, 20 placed, 8 typed).
   */
  @Test
  void howFreeAndHowCrowdedEachTypeIsIsGlobal() {
    SlotWindow window = window();
    assertThat(observer.encoding().globalFeatures()).isEqualTo(9);
    assertThat(window.globals()).containsExactly(1, 2.0 / 6, 0, 0.75, 4.0 / 6, 0, 0, 0, 0);
    int action = observer.actions().action(2, Task.WORKER);
    assertThat(slot.tryAddOn(window.nodeFor(action), one, Task.WORKER)).isTrue();
    window.allocated(2, 2);
    double[] after = {1, 2.0 / 6, 0, 0.5, 4.0 / 6, Math.log(2) / Math.log(9), 0, 0, 0};
    assertThat(window.globals()).containsExactly(after);
    double[] state = observer.observe(slot.jobs(), slot.slot(), null).state();
    assertThat(state).hasSize(8 * 46 + 9);
    assertThat(Arrays.copyOfRange(state, 8 * 46, 8 * 46 + 9)).containsExactly(after);
  }

  /**
   * Job 2's PS on node 1 (beside job 1's worker) and worker on node 0 (the K80). Job 1's beside-own
   * column takes node 1 for a worker: one task of another job there, and one per node on its one
   * node, both ln 2 / ln 9. Its K80 column takes node 0, also with one task of job 2, but a
   * per-type column carries no crowding (0, 0): the K80's global feature says it, ln 2 / ln 9.
   */
  @Test
  void onlyTheBesideOwnColumnCarriesCrowding() {
    assertThat(slot.tryAddOn(1, two, Task.PS) && slot.tryAddOn(0, two, Task.WORKER)).isTrue();
    SlotWindow window = window();
    int workerNodeTasks = ObservedFeatures.COUNT + NodeKind.count() + 1;
    int jobNodesCrowding = ObservedFeatures.COUNT + NodeKind.count() + 3 * 4 + 1;
    double one = Math.log(2) / Math.log(9);
    assertThat(window.features(0)[workerNodeTasks]).isEqualTo(one);
    assertThat(window.features(0)[jobNodesCrowding]).isEqualTo(one);
    assertThat(window.features(1)[workerNodeTasks]).isZero();
    assertThat(window.features(1)[jobNodesCrowding]).isZero();
    assertThat(window.features(1)[ObservedFeatures.COUNT + NodeKind.count()]).isEqualTo(1);
    assertThat(window.globals()[2]).isEqualTo(one);
  }

  /**
   * Job 2's two workers fill node 0's K80s: job 1's K80 column can take no worker and no bundle,
   * still a PS (4 of 8 cores are free); the missing type's column takes nothing.
   */
  @Test
  void aTypeWithoutRoomIsMasked() {
    assertThat(slot.tryAddOn(0, two, Task.WORKER) && slot.tryAddOn(0, two, Task.WORKER)).isTrue();
    boolean[] mask = window().mask();
    ActionSpace actions = observer.actions();
    assertThat(mask[actions.action(1, Task.WORKER)]).isFalse();
    assertThat(mask[actions.action(1, Task.BUNDLE)]).isFalse();
    assertThat(mask[actions.action(1, Task.PS)]).isTrue();
    assertThat(mask[actions.action(2, Task.WORKER)]).isTrue();
    for (Task task : Task.values()) {
      assertThat(mask[actions.action(3, task)]).isFalse();
    }
  }

  /** A teacher's node is labelled by the first column sending the task there. */
  @Test
  void aTeachersNodeIsLabelledByTheFirstColumnChoosingIt() {
    Observation observation = observer.observe(slot.jobs(), slot.slot(), null);
    ActionSpace actions = observer.actions();
    assertThat(observer.label(observation, one, Task.WORKER, 1))
        .isEqualTo(actions.action(0, Task.WORKER));
    assertThat(observer.label(observation, one, Task.WORKER, 0))
        .isEqualTo(actions.action(1, Task.WORKER));
    assertThat(observer.label(observation, two, Task.PS, 2)).isEqualTo(actions.action(6, Task.PS));
    assertThat(observer.label(observation, two, Task.PS, 1)).isEqualTo(-1);
  }

  /** The placed encoding keeps its layout: three columns of 38 features, teachers least-loaded. */
  @Test
  void theSingleTypeEncodingIsUnchanged() {
    Observer placed = new Observer(StateEncoding.PLACED.create(6, 4, 30000, true), 4);
    assertThat(placed.encoding().columnsPerJob()).isEqualTo(3);
    assertThat(placed.encoding().featuresPerColumn()).isEqualTo(38);
    assertThat(placed.teacherNode(two, Task.WORKER, slot))
        .isEqualTo(slot.cluster().leastLoadedNode());
    assertThat(StateEncoding.TYPED.columnsPerJob()).isEqualTo(4);
  }

  /** More GPU types than columns: refused in plain words. */
  @Test
  void aClusterOfFourTypesIsRefused() {
    List<NodeGroup> groups =
        List.of(GpuCatalogue.K80, GpuCatalogue.P100, GpuCatalogue.V100, GpuCatalogue.T4).stream()
            .map((GpuType type) -> new NodeGroup(1, 8, 2, type))
            .toList();
    PlacedSlot four =
        new PlacedSlot(
            simulator(new ClusterSpec(groups), 4, job(1, JobType.RESNET_50, 0, 100)).beginSlot(),
            new LeastLoaded());
    Observer typed = new Observer(StateEncoding.TYPED.create(4, 4, 30000, true), 4);
    assertThatThrownBy(() -> typed.startSlot(new MeasuredSpeeds(), four))
        .isInstanceOf(InputException.class)
        .hasMessage("the typed encoding tells at most 3 GPU types apart; this cluster has 4");
  }
}
