package dl2.learning.state;

import dl2.io.InputException;
import dl2.io.StateReader;
import dl2.io.StateWriter;
import dl2.learning.speeds.ClusterGpuTypes;
import dl2.learning.speeds.GpuTypeSpeeds;
import dl2.learning.speeds.MeasuredSpeeds;
import dl2.model.Task;
import dl2.slot.JobView;
import dl2.slot.ObservedSlot;
import dl2.slot.PlacedScheduler;
import dl2.slot.Placement;
import dl2.slot.PlacementView;
import dl2.slot.Scheduler;

/**
 * The typed encoding (Project: DL2 choosing the type): the placed encoding's idea for clusters of
 * several GPU types. Each window job has {@link TypedKind#COUNT} columns: beside its own tasks,
 * then the least-loaded node of each of the cluster's GPU types ({@link TypedKind}), so an action
 * chooses the type its task runs on. A column carries the job's observed features, the placed
 * features of the nodes it takes ({@link PlacedFeatures}) and those of its type ({@link
 * TypedFeatures}: measured speeds there); how free each type is, how big, and how crowded its
 * least-loaded node are global features ({@link TypedGlobals}), and only the beside-own column
 * carries crowding (of the job's nodes), so that a task re-encodes few columns of other jobs. Tasks
 * no action placed (the start-of-slot bundle) and a teacher's tasks go to the model's measured
 * fastest type ({@link PreferredType}). A cluster of more than {@link TypedKind#MAX_TYPES} types is
 * refused.
 */
final class TypedEncoding extends ObservedEncoding {
  private final LastPlacement last = new LastPlacement();
  private final GpuTypeSpeeds typeSpeeds = new GpuTypeSpeeds();
  private final TypeNodeMemo memo = new TypeNodeMemo();
  private final PreferredType preferred = new PreferredType(typeSpeeds, memo);
  private final int[] scratchNodes = new int[3];
  private PlacementView view;

  TypedEncoding(int window, int taskCap, double maxEpochs, boolean scaled) {
    super(window, taskCap, maxEpochs, scaled);
  }

  @Override
  public StateEncoding name() {
    return StateEncoding.TYPED;
  }

  @Override
  public int featuresPerColumn() {
    return ObservedFeatures.COUNT + PlacedFeatures.COUNT + TypedFeatures.COUNT;
  }

  @Override
  public int globalFeatures() {
    return TypedGlobals.COUNT;
  }

  @Override
  void encodeGlobals(double[] out) {
    TypedGlobals.encode(view(), typeSpeeds.types(), out);
  }

  @Override
  Scheduler placed(Scheduler step) {
    return new PlacedScheduler(step, preferred);
  }

  @Override
  void startSlot(MeasuredSpeeds measured, ObservedSlot slot) {
    super.startSlot(measured, slot);
    memo.clear();
    last.startSlot(slot.slot());
    view = slot.placementView().orElse(null);
    typeSpeeds.startSlot(slot, speeds());
    ClusterGpuTypes types = typeSpeeds.types();
    if (types.count() > TypedKind.MAX_TYPES) {
      throw new InputException(
          "the typed encoding tells at most "
              + TypedKind.MAX_TYPES
              + " GPU types apart; this cluster has "
              + types.count());
    }
  }

  @Override
  void endSlot(MeasuredSpeeds measured, ObservedSlot slot) {
    super.endSlot(measured, slot);
    last.endSlot(slot, view());
    typeSpeeds.endSlot(slot, view());
  }

  @Override
  void writeState(StateWriter out) {
    last.writeState(out);
  }

  @Override
  void readState(StateReader in) {
    last.readState(in);
  }

  /** Where the slot's tasks are so far. */
  PlacementView view() {
    if (view == null) {
      throw new IllegalStateException(
          "the typed encoding needs a slot that records where its tasks go (Observer.placed)");
    }
    return view;
  }

  /** What was measured of the jobs on each GPU type. */
  GpuTypeSpeeds typeSpeeds() {
    return typeSpeeds;
  }

  @Override
  void encodeColumn(JobView job, int column, int slot, double[] out) {
    super.encodeColumn(job, column, slot, out);
    encodeWhere(job, column, out);
  }

  /**
   * As {@link #encodeColumn}, with {@code out} already holding the job's observed features as
   * encoded earlier in the slot: only its allocation's are redone, if it gained a task since.
   */
  void encodeKnownJob(JobView job, int column, int slot, boolean gainedTask, double[] out) {
    if (gainedTask) {
      super.reencodeAllocation(job, column, slot, out);
    }
    encodeWhere(job, column, out);
  }

  /** The column's placed and typed features, after the job's observed ones. */
  private void encodeWhere(JobView job, int column, double[] out) {
    int[] nodes = scratchNodes;
    nodes[0] = nodeFor(column, job, Task.WORKER);
    nodes[1] = nodeFor(column, job, Task.PS);
    nodes[2] = nodeFor(column, job, Task.BUNDLE);
    int type = TypedKind.typeOfColumn(column);
    NodeKind kind = type < 0 ? NodeKind.BESIDE_OWN : NodeKind.LEAST_LOADED;
    PlacedFeatures.encode(
        job, kind, nodes, view(), last, speeds(), taskCap(), out, ObservedFeatures.COUNT);
    if (type >= 0) {
      PlacedFeatures.dropCrowding(out, ObservedFeatures.COUNT); // TypedGlobals has the type's
    }
    if (type < 0 && nodes[0] != Placement.NOWHERE) {
      type = typeSpeeds.types().typeOf(nodes[0]);
    }
    TypedFeatures.encode(
        job, type, view(), typeSpeeds, out, ObservedFeatures.COUNT + PlacedFeatures.COUNT);
  }

  /**
   * Whether a task just added on a node of column {@code column}'s type may have changed the column
   * ({@code features}, as encoded before the task) of {@code job}, which did not get the task. A
   * per-type column without crowding describes its nodes by whether it has one and the job's own
   * tasks there: for a job with no task on the type those are the same on every node of the type,
   * so only a node that no longer fits changes it (within a slot loads only grow: a column without
   * a node stays without).
   */
  boolean perTypeColumnMayChange(JobView job, int column, double[] features) {
    int type = TypedKind.typeOfColumn(column);
    PlacementView at = view();
    for (int i = 0; i < at.nodesOf(job); i++) {
      if (typeSpeeds.types().typeOf(at.nodeOf(job, i)) == type) {
        return true;
      }
    }
    for (int t = 0; t < scratchNodes.length; t++) {
      if (PlacedFeatures.takesNode(features, ObservedFeatures.COUNT, t)
          && nodeFor(column, job, PlacedFeatures.task(t)) == Placement.NOWHERE) {
        return true;
      }
    }
    return false;
  }

  @Override
  boolean placeable(JobView job, int column, Task task) {
    return nodeFor(column, job, task) != Placement.NOWHERE;
  }

  @Override
  int nodeFor(int column, JobView job, Task task) {
    return TypedKind.nodeFor(column, job, task, view(), typeSpeeds.types(), memo);
  }

  @Override
  boolean tryAdd(ObservedSlot slot, int node, JobView job, Task task) {
    return slot.tryAddOn(node, job, task);
  }

  /** The job's first column that sends the task to {@code node}: beside-own, then by type. */
  @Override
  int labelColumn(int firstColumn, int node, JobView job, Task task) {
    for (int k = 0; k < TypedKind.COUNT; k++) {
      if (nodeFor(firstColumn + k, job, task) == node) {
        return firstColumn + k;
      }
    }
    return -1;
  }

  /** A teacher's task goes where {@link PreferredType} sends it: the typed warm-up's labels. */
  @Override
  int teacherNode(JobView job, Task task, ObservedSlot slot) {
    int node = preferred.nodeFor(job, task, view());
    return node == Placement.NOWHERE ? slot.cluster().leastLoadedNode() : node; // the slot refuses
  }

  @Override
  SlotWindow keptWindow(Observer observer) {
    return new TypedWindow(observer, this);
  }
}
