package dl2.learning.state;

import static dl2.learning.EnvironmentFixtures.job;
import static dl2.learning.EnvironmentFixtures.simulator;
import static org.assertj.core.api.Assertions.assertThat;

import dl2.learning.EnvironmentFixtures;
import dl2.learning.speeds.MeasuredSpeeds;
import dl2.model.JobType;
import dl2.model.Rng;
import dl2.model.Task;
import dl2.model.Trace;
import dl2.placement.LeastLoaded;
import dl2.simulation.SimulationConfig;
import dl2.simulation.Simulator;
import dl2.slot.JobView;
import dl2.slot.PlacedSlot;
import dl2.slot.Scheduler;
import dl2.slot.SlotContext;
import dl2.speed.FittedOptimusSpeed;
import dl2.workload.Preset;
import dl2.workload.Presets;
import dl2.workload.TraceSets;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The placed window re-encodes after a task only the columns it can change ({@link PlacedColumns}),
 * and finds each kind's node through {@link NodeKindIndex}: on seeded random slots it must equal a
 * full re-encoding at every decision, and tell its listener of every column whose features moved.
 */
class PlacedWindowTest {
  /**
   * Random allowed actions on clusters from 6 nodes (full: tasks stop fitting, kinds find no node)
   * to 96, live caps that make jobs leave the window within a slot: at every decision the kept
   * window equals a fresh observation (state, mask, jobs), every action's node is the one its kind
   * picks afresh ({@link NodeKind#nodeFor}), and a copy of the columns kept up to date only from
   * the listener's events equals the window's (what the pooled session relies on). It re-encodes
   * far fewer columns than a rebuild would (on the 6-node testbed most jobs share nodes, so more).
   */
  @ParameterizedTest
  @CsvSource({
    "paper-testbed, 4, 16, 11, 200, 0.7",
    "paper-dense, 8, 20, 12, 8, 0.3",
    "paper-small, 3, 20, 13, 30, 0.3",
    "paper-small, 16, 8, 14, 15, 0.3"
  })
  void theIncrementalWindowEqualsAFullReencodingAtEveryDecision(
      String presetName, int liveCap, int jobs, long seed, int slots, double maxShareReembedded) {
    Preset preset = Presets.byName(presetName);
    Observer observer =
        new Observer(StateEncoding.PLACED.create(3 * jobs, 16, 30000, true), liveCap);
    SlotWindow window = observer.keptWindow();
    MirroredColumns mirror = new MirroredColumns(window, 3 * jobs);
    window.listen(mirror);
    Rng rng = new Rng(seed);
    Trace trace = TraceSets.test(preset, seed, 1).get(0);
    Simulator simulator =
        new Simulator(SimulationConfig.of(preset), trace, FittedOptimusSpeed.INSTANCE, 1);
    MeasuredSpeeds speeds = new MeasuredSpeeds();
    int[] decisions = {0};
    int[] windows = {0};
    long[] columnsSeen = {0};
    Scheduler step =
        observer.placed(
            EnvironmentFixtures.scheduler(
                "random",
                slot -> {
                  observer.startSlot(speeds, slot);
                  if (rng.nextDouble() < 0.5) {
                    for (JobView job : slot.jobs()) {
                      slot.tryAdd(
                          job,
                          Task.BUNDLE); // a start-of-slot bundle on some slots: jobs begin on nodes
                    }
                  }
                  window.begin(slot.jobs(), slot.slot());
                  windows[0]++;
                  while (window.hasTaskAction()) {
                    Observation kept = SlotWindowTest.keptEqualsFresh(window, observer, slot);
                    for (int a = 0; a < kept.mask().length - 1; a++) {
                      if (kept.columns()[a / 3] != null) {
                        assertThat(window.nodeFor(a))
                            .as("node of action %d", a)
                            .isEqualTo(observer.nodeFor(a, kept.columns()[a / 3]));
                      }
                    }
                    mirror.assertEqualsWindow();
                    int action = SlotWindowTest.randomAllowed(kept.mask(), rng);
                    JobView job = kept.columns()[action / 3];
                    int node = window.nodeFor(action);
                    if (!slot.tryAddOn(node, job, observer.actions().task(action))) {
                      break;
                    }
                    window.allocated(action / 3, node);
                    decisions[0]++;
                    columnsSeen[0] += Arrays.stream(kept.columns()).filter(c -> c != null).count();
                  }
                  observer.endSlot(speeds, slot);
                }));
    while (!simulator.finished() && simulator.slot() < slots) {
      step.schedule(simulator.beginSlot());
      simulator.endSlot();
    }
    assertThat(decisions[0]).isGreaterThan(50);
    assertThat(mirror.removals).isPositive();
    assertThat(mirror.resets).as("rebuilt windows").isEqualTo(windows[0]);
    assertThat((double) mirror.changes)
        .as("columns re-embedded after a task, of those in the window")
        .isLessThan(maxShareReembedded * columnsSeen[0]);
  }

  /**
   * Nodes of 8 cores and 2 GPUs; resnet-50: a worker takes 2 cores and 1 GPU, a PS 2 cores. Job 1
   * holds a worker and a PS on node 0 (load 1.0), job 2 a worker on node 1 (0.75) and a PS on node
   * 2 (0.25), job 3 nothing; columns 0–2 are job 1's, 3–5 job 2's, 6–8 job 3's. Job 3's PS goes
   * least-loaded, to node 2 (now 0.5, still the least loaded). That changes job 3's columns, job
   * 2's (node 2 holds more of other jobs' tasks), and job 1's least-loaded column, which chose node
   * 2 too and now sees 2 tasks of other jobs there instead of 1. Job 1's beside-own and
   * least-crowded columns took node 0 for every task: untouched.
   */
  @Test
  void aTaskChangesItsJobTheJobsOnItsNodeAndTheColumnsThatChoseIt() {
    Simulator simulator =
        simulator(
            3,
            4,
            job(1, JobType.RESNET_50, 0, 100),
            job(2, JobType.RESNET_50, 0, 100),
            job(3, JobType.RESNET_50, 0, 100));
    Observer observer = new Observer(StateEncoding.PLACED.create(9, 4, 30000, true), 4);
    SlotContext slot =
        new PlacedSlot(
            simulator.beginSlot(), new LeastLoaded()); // as the placed encoding plays a slot
    observer.startSlot(new MeasuredSpeeds(), slot);
    List<JobView> jobs = slot.jobs();
    assertThat(
            slot.tryAddOn(0, jobs.get(0), Task.WORKER)
                && slot.tryAddOn(0, jobs.get(0), Task.PS)
                && slot.tryAddOn(1, jobs.get(1), Task.WORKER)
                && slot.tryAddOn(2, jobs.get(1), Task.PS))
        .isTrue();
    SlotWindow window = observer.keptWindow();
    TreeSet<Integer> changed = new TreeSet<>();
    window.listen(
        new WindowListener() {
          @Override
          public void reset() {}

          @Override
          public void changed(int column) {
            changed.add(column);
          }

          @Override
          public void removed(int column) {}
        });
    window.begin(jobs, slot.slot());
    int leastLoadedPs = 3 * 8 + 1;
    assertThat(window.nodeFor(leastLoadedPs)).isEqualTo(2);
    assertThat(slot.tryAddOn(2, jobs.get(2), Task.PS)).isTrue();
    window.allocated(8, 2);
    assertThat(changed).containsExactly(2, 3, 4, 5, 6, 7, 8);
  }

  /** The columns as a listener sees them: copied on each event, as a policy's per-column cache. */
  private static final class MirroredColumns implements WindowListener {
    private final SlotWindow window;
    private final double[][] columns;
    private long changes;
    private int removals;
    private int resets;

    MirroredColumns(SlotWindow window, int size) {
      this.window = window;
      this.columns = new double[size][];
    }

    @Override
    public void reset() {
      resets++;
      for (int c = 0; c < columns.length; c++) {
        columns[c] = window.features(c).clone();
      }
    }

    @Override
    public void changed(int column) {
      columns[column] = window.features(column).clone();
      changes++;
    }

    @Override
    public void removed(int column) {
      System.arraycopy(columns, column + 1, columns, column, columns.length - column - 1);
      columns[columns.length - 1] = new double[columns[0].length];
      removals++;
    }

    void assertEqualsWindow() {
      for (int c = 0; c < columns.length; c++) {
        assertThat(columns[c])
            .as("column %d as the listener saw it", c)
            .containsExactly(window.features(c));
      }
    }
  }
}
