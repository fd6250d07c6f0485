package dl2.learning.state;

import dl2.io.StateReader;
import dl2.io.StateWriter;
import dl2.learning.speeds.MeasuredSpeeds;
import dl2.model.Task;
import dl2.placement.LeastLoaded;
import dl2.slot.JobView;
import dl2.slot.ObservedSlot;
import dl2.slot.PlacedScheduler;
import dl2.slot.Placement;
import dl2.slot.PlacementView;
import dl2.slot.Scheduler;

/**
 * The placed encoding (Project): each window job has one column per {@link NodeKind}, which adds
 * {@link PlacedFeatures} to the job's observed features, so an action chooses the kind of node its
 * task goes to as well as the task. It plays each slot on a slot that records where every task
 * goes, and reads that record ({@link ObservedSlot#placementView()}): tasks added without a node
 * (the start-of-slot bundle) go to the least-loaded node, as ever, and the policy's own to the node
 * its action's kind takes. Through a slot it remembers where the last slot's tasks went ({@link
 * LastPlacement}); a kept window finds each kind's node incrementally ({@link PlacedWindow}).
 */
final class PlacedEncoding extends ObservedEncoding {
  private final LastPlacement last = new LastPlacement();
  private PlacementView view;

  PlacedEncoding(int window, int taskCap, double maxEpochs, boolean scaled) {
    super(window, taskCap, maxEpochs, scaled);
  }

  @Override
  public StateEncoding name() {
    return StateEncoding.PLACED;
  }

  @Override
  public int featuresPerColumn() {
    return ObservedFeatures.COUNT + PlacedFeatures.COUNT;
  }

  @Override
  Scheduler placed(Scheduler step) {
    return new PlacedScheduler(
        step, new LeastLoaded()); // the placed encoding's record of where tasks go
  }

  @Override
  void startSlot(MeasuredSpeeds measured, ObservedSlot slot) {
    super.startSlot(measured, slot);
    last.startSlot(slot.slot());
    view = slot.placementView().orElse(null);
  }

  /** Remembers where the slot's tasks went: the next slot's "last slot" features. */
  @Override
  void endSlot(MeasuredSpeeds measured, ObservedSlot slot) {
    super.endSlot(measured, slot);
    last.endSlot(slot, view());
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
          "the placed encoding needs a slot that records where its tasks go (Observer.placed)");
    }
    return view;
  }

  @Override
  void encodeColumn(JobView job, int column, int slot, double[] out) {
    super.encodeColumn(job, column, slot, out);
    PlacedFeatures.encode(
        job,
        NodeKind.ofColumn(column),
        view(),
        last,
        speeds(),
        taskCap(),
        out,
        ObservedFeatures.COUNT);
  }

  /** The job's own features, the first {@link ObservedFeatures#COUNT} of each of its columns. */
  void encodeJob(JobView job, int slot, double[] out) {
    super.encodeColumn(job, 0, slot, out);
  }

  /** The job's own features after it gained a task (its allocation's). */
  void reencodeJob(JobView job, int slot, double[] out) {
    super.reencodeAllocation(job, 0, slot, out);
  }

  /**
   * Column {@code column}'s placement features, after the job's own, for the nodes its kind takes
   * (worker, PS, bundle).
   */
  void encodePlacement(JobView job, int column, int[] nodes, double[] out) {
    PlacedFeatures.encode(
        job,
        NodeKind.ofColumn(column),
        nodes,
        view(),
        last,
        speeds(),
        taskCap(),
        out,
        ObservedFeatures.COUNT);
  }

  @Override
  boolean placeable(JobView job, int column, Task task) {
    return nodeFor(column, job, task) != Placement.NOWHERE;
  }

  @Override
  int nodeFor(int column, JobView job, Task task) {
    return NodeKind.ofColumn(column).nodeFor(job, task, view());
  }

  @Override
  boolean tryAdd(ObservedSlot slot, int node, JobView job, Task task) {
    return slot.tryAddOn(node, job, task);
  }

  /**
   * The column of the first kind of node that sends the task to {@code node}: a job's columns go
   * kind by kind.
   */
  @Override
  int labelColumn(int firstColumn, int node, JobView job, Task task) {
    NodeKind kind = NodeKind.choosing(node, job, task, view());
    return kind == null ? -1 : firstColumn + kind.ordinal();
  }

  @Override
  SlotWindow keptWindow(Observer observer) {
    return new PlacedWindow(observer, this);
  }
}
