package dl2.learning.sl;

import dl2.learning.state.AdjustedJobView;
import dl2.learning.state.Observation;
import dl2.learning.state.Observer;
import dl2.model.Rng;
import dl2.model.Task;
import dl2.slot.ForwardingSlot;
import dl2.slot.JobView;
import dl2.slot.SlotContext;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * A {@link SlotContext} decorator that turns any scheduler into a teacher (dl2-spec §8): each
 * successful increment records the DL2 observation taken just before it (columns shuffled) and a
 * one-hot label at the job's column. With {@code splitBundles}, a bundle becomes two samples,
 * "worker" then "PS" from the state after the worker (the Original for DRF, FIFO and SRTF). Where
 * an encoding's actions name nodes (the placed one), the label is the column of the first kind of
 * node that would have chosen the teacher's node; a node no kind would choose gives an unlabelled
 * sample ({@link Observer#label}).
 */
public final class TeacherRecorder extends ForwardingSlot {
  private final Observer observer;
  private final boolean splitBundles;
  private final boolean dropUnlabelled;
  private final Rng shuffle;
  private final Consumer<LabelledSample> sink;

  public TeacherRecorder(
      SlotContext slot,
      Observer observer,
      boolean splitBundles,
      boolean dropUnlabelled,
      Rng shuffle,
      Consumer<LabelledSample> sink) {
    super(slot);
    this.observer = observer;
    this.splitBundles = splitBundles;
    this.dropUnlabelled = dropUnlabelled;
    this.shuffle = shuffle;
    this.sink = sink;
  }

  @Override
  public boolean tryAdd(JobView job, Task task) {
    return record(job, task, observer.teacherNode(job, task, slot));
  }

  @Override
  public boolean tryAddOn(int node, JobView job, Task task) {
    return record(job, task, node);
  }

  private boolean record(JobView job, Task task, int node) {
    List<LabelledSample> samples = new ArrayList<>(2);
    if (task == Task.BUNDLE && splitBundles) {
      // placed: the PS's kind is judged where the tasks are before the worker (the view holds no
      // pending task)
      samples.add(sample(slot.jobs(), job, Task.WORKER, node));
      List<JobView> afterWorker = new ArrayList<>(slot.jobs());
      afterWorker.replaceAll(
          j ->
              j == job
                  ? new AdjustedJobView(
                      job, job.workers() + 1, job.parameterServers(), slot.cluster().spec())
                  : j);
      samples.add(sample(afterWorker, job, Task.PS, node));
    } else {
      samples.add(sample(slot.jobs(), job, task, node));
    }
    if (!slot.tryAddOn(node, job, task)) {
      return false; // Only increments that happen are labelled.
    }
    for (LabelledSample s : samples) {
      if (s.hasLabel() || !dropUnlabelled) {
        sink.accept(s);
      }
    }
    return true;
  }

  /**
   * Records the state the teacher left the slot in, labelled "stop" (a fix of dl2-spec §8's SL/RL
   * mismatch 2: without it a warm-started policy never stops). Nothing is recorded when no task
   * action is allowed, since the RL loop ends such a slot without a decision.
   */
  public void recordStop() {
    Observation observation = observer.observe(slot.jobs(), slot.slot(), shuffle);
    if (observation.hasTaskAction()) {
      sink.accept(
          new LabelledSample(observation.state(), observation.mask(), observer.actions().stop()));
    }
  }

  private LabelledSample sample(List<JobView> jobs, JobView job, Task task, int node) {
    Observation observation = observer.observe(jobs, slot.slot(), shuffle);
    return new LabelledSample(
        observation.state(), observation.mask(), observer.label(observation, job, task, node));
  }
}
