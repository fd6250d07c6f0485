package dl2.learning.env;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dl2.learning.speeds.SpeedEstimate;
import dl2.learning.state.ActionSpace;
import dl2.learning.state.NodeKind;
import dl2.learning.state.Observation;
import dl2.lengths.LengthBelief;
import dl2.model.ClusterSpec;
import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.model.Rng;
import dl2.model.Task;
import dl2.model.Trace;
import dl2.placement.LeastLoaded;
import dl2.simulation.SimulationConfig;
import dl2.simulation.Simulator;
import dl2.simulation.world.RealisticWorld;
import dl2.simulation.world.WorldParameters;
import dl2.slot.JobView;
import dl2.slot.NodeOccupancy;
import dl2.slot.PlacedSlot;
import dl2.slot.Placement;
import dl2.slot.TestJob;
import dl2.speed.FittedOptimusSpeed;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The placement-crediting marginal reward on a 2-node realistic world with λ = 0.25 and nothing
 * else random: one resnet-50 job runs ten scripted placements, so that the reward's measured world
 * knows its curve and λ, then slot 10 holds its PS and one worker on node 0. In time units a task
 * earns 1 − T1/T0, T = C + π·M seconds per sample (C, M: the type's compute and communication time
 * at (p, w); π = 1 − (1 − λ)·L, L the share of worker–PS pairs on one node).
 */
class PlacedMarginalsTest {
  private static final double LAMBDA = 0.25;

  /**
   * (p, w, how): 0 every task on node 0; 1 workers on node 0, PSs on node 1; 2 the i-th of each
   * role on node i mod 2.
   */
  private static final int[][] SCRIPT = {
    {1, 1, 0}, {1, 1, 1}, {2, 1, 0}, {2, 1, 1}, {1, 2, 0}, {1, 2, 1}, {2, 2, 0}, {2, 2, 1},
    {2, 2, 2}, {2, 4, 2}
  };

  /** One column per node kind of the job: BESIDE_OWN, LEAST_CROWDED, LEAST_LOADED. */
  private final ActionSpace actions = new ActionSpace(NodeKind.count());

  private final PlacedMarginals reward =
      new PlacedMarginals(
          new MarginalReward(actions, MarginalValue.TIME),
          actions,
          MarginalValue.TIME,
          LengthBelief.AS_GIVEN);

  /** The script's ten slots through the reward's hooks; returns slot 10, begun and measured. */
  private PlacedSlot measuredSlot() {
    double[][] s = new double[8][8];
    for (double[] row : s) {
      Arrays.fill(row, 1);
    }
    SimulationConfig config =
        new SimulationConfig(ClusterSpec.ofNodes(2), 16, 1200, 0, 1000)
            .withWorld(
                new RealisticWorld(
                    new WorldParameters(0, 0, 0, LAMBDA, 0, s, List.of(), Map.of())));
    Simulator sim =
        new Simulator(
            config,
            new Trace("script", List.of(JobSpec.exact(1, JobType.RESNET_50, 0, 1e6))),
            FittedOptimusSpeed.INSTANCE,
            1);
    for (int[] step : SCRIPT) {
      PlacedSlot slot = new PlacedSlot(sim.beginSlot(), new LeastLoaded());
      reward.startSlot(slot);
      JobView job = slot.jobs().get(0);
      for (int w = 0; w < step[1]; w++) {
        assertThat(slot.tryAddOn(step[2] == 2 ? w % 2 : 0, job, Task.WORKER)).isTrue();
      }
      for (int p = 0; p < step[0]; p++) {
        assertThat(slot.tryAddOn(step[2] == 0 ? 0 : step[2] == 1 ? 1 : p % 2, job, Task.PS))
            .isTrue();
      }
      reward.endSlot(slot);
      sim.endSlot();
    }
    PlacedSlot slot = new PlacedSlot(sim.beginSlot(), new LeastLoaded());
    reward.startSlot(slot);
    return slot;
  }

  private static Observation seeing(JobView... columns) {
    boolean[] mask = new boolean[3 * columns.length + 1];
    Arrays.fill(mask, true);
    return new Observation(new double[0], mask, columns);
  }

  /** Seconds per sample of resnet-50 at (p, w) with a share {@code local} of its pairs local. */
  private static double secondsPerSample(int p, int w, double local) {
    FittedOptimusSpeed speed = FittedOptimusSpeed.INSTANCE;
    double pi = 1 - (1 - LAMBDA) * local;
    return speed.computeSecondsPerSample(JobType.RESNET_50, p, w)
        + pi * speed.communicationSecondsPerSample(JobType.RESNET_50, p, w);
  }

  /**
   * Job with 1 PS and 1 worker on node 0 (T0 at L = 1). A worker beside its own tasks keeps L = 1:
   * 1 − T(1, 2, 1)/T0; the least-loaded (and least-crowded) node is node 1, where only 1 of its 2
   * pairs is local, π = 1 − 0.75/2 = 0.625: 1 − T(1, 2, ½)/T0, less.
   */
  @Test
  void aWorkerBesideItsPsEarnsMoreThanOneOnTheLeastLoadedNode() {
    PlacedSlot slot = measuredSlot();
    JobView job = slot.jobs().get(0);
    assertThat(reward.world().localityFactor()).isEqualTo(LAMBDA);
    assertThat(reward.world().knows(job)).isTrue();
    assertThat(slot.tryAddOn(0, job, Task.PS)).isTrue();
    assertThat(slot.tryAddOn(0, job, Task.WORKER)).isTrue();

    double[] values = reward.valuesOf(seeing(job, job, job), slot.occupancy());

    double before = secondsPerSample(1, 1, 1);
    double beside = 1 - secondsPerSample(1, 2, 1) / before;
    double apart = 1 - secondsPerSample(1, 2, 0.5) / before;
    int besideOwn = actions.action(0, Task.WORKER);
    int leastCrowded = actions.action(1, Task.WORKER);
    int leastLoaded = actions.action(2, Task.WORKER);
    assertThat(values[besideOwn]).isCloseTo(beside, within(1e-6));
    assertThat(values[leastLoaded]).isCloseTo(apart, within(1e-6));
    assertThat(values[leastCrowded]).isEqualTo(values[leastLoaded]);
    assertThat(values[besideOwn]).isGreaterThan(values[leastLoaded] + 0.01);
    assertThat(values[actions.stop()]).isZero();
  }

  /**
   * The decision loop tells of a decision after its task went in: the kept values are those of the
   * state before it (here the worker beside its PS), not of the state after.
   */
  @Test
  void theKeptValuesAreThoseBeforeTheDecidedTaskWentIn() {
    PlacedSlot slot = measuredSlot();
    JobView job = slot.jobs().get(0);
    slot.tryAddOn(0, job, Task.PS);
    slot.tryAddOn(0, job, Task.WORKER);
    Observation seen = seeing(job, job, job);
    int decided = actions.action(0, Task.WORKER);
    double[] before = reward.valuesOf(seen, slot.occupancy());

    assertThat(reward.choosing((observation, q) -> decided).choose(seen, new double[0]))
        .isEqualTo(decided);
    slot.tryAddOn(0, job, Task.WORKER);
    KeptDecision kept =
        new KeptDecision(
            seen.state(), seen.mask(), new double[0], decided, 1, reward.snapshot(seen, decided));

    assertThat(reward.valuesOf(seen, slot.occupancy())[decided]).isNotEqualTo(before[decided]);
    assertThat(reward.of(kept, 0, List.of(), null)).isEqualTo(before[decided]);
    assertThat(reward.ofEveryAction(kept, null)).containsExactly(before);
  }

  /** A state that was never valued (the chooser was bypassed) cannot be kept silently. */
  @Test
  void aDecisionWhoseStateWasNeverValuedIsRefused() {
    Observation seen = seeing(TestJob.of(1));
    assertThatThrownBy(() -> reward.snapshot(seen, 0)).isInstanceOf(IllegalStateException.class);
  }

  /**
   * A job the measured world has never seen is valued as observed-marginals values it, by the
   * placement-blind speeds (here 10 epochs a slot per worker with a PS): from 1 to 2 workers saves
   * half its time, whatever the kind; a stop earns 0.
   */
  @Test
  void aJobNotYetMeasuredIsValuedByThePlacementBlindSpeeds() {
    PlacedSlot slot = measuredSlot();
    JobView stranger = TestJob.of(9).withTasks(1, 1);
    SpeedEstimate blind = (job, ps, workers) -> ps < 1 ? 0 : 10.0 * workers;
    Observation seen = seeing(stranger, stranger, stranger);
    int stop = actions.stop();
    reward.choosing((observation, q) -> stop).choose(seen, new double[0]);
    KeptDecision kept =
        new KeptDecision(
            seen.state(), seen.mask(), new double[0], stop, -1, reward.snapshot(seen, stop));
    double[] all = reward.ofEveryAction(kept, blind);
    for (int column = 0; column < 3; column++) {
      assertThat(all[actions.action(column, Task.WORKER)]).isCloseTo(0.5, within(1e-12));
    }
    assertThat(all[stop]).isZero();
    assertThat(reward.of(kept, 0, List.of(), blind)).isZero();
    assertThat(slot.jobs()).hasSize(1);
  }

  /**
   * Seeded random placements of the measured job among other training jobs: every value is finite
   * and below 1 (time saved), and two kinds that send a task to the same node earn the same.
   */
  @Test
  void kindsThatPickTheSameNodeEarnTheSame() {
    PlacedSlot slot = measuredSlot();
    JobView job = slot.jobs().get(0);
    Rng rng = new Rng(33);
    for (int round = 0; round < 200; round++) {
      NodeOccupancy view = new NodeOccupancy(slot.cluster());
      for (int t = rng.nextInt(4); t >= 0; t--) {
        view.record(job, rng.nextInt(2) == 0 ? Task.WORKER : Task.PS, rng.nextInt(2));
      }
      for (int other = 2; other < 2 + rng.nextInt(3); other++) {
        JobView foreign =
            TestJob.of(other).withType(JobType.values()[rng.nextInt(8)]).withTasks(1, 1);
        view.record(foreign, Task.WORKER, rng.nextInt(2));
        view.record(foreign, Task.PS, rng.nextInt(2));
      }
      double[] values = reward.valuesOf(seeing(job, job, job), view);
      for (Task task : Task.values()) {
        for (int a = 0; a < 3; a++) {
          for (int b = 0; b < 3; b++) {
            int nodeA = NodeKind.ofColumn(a).nodeFor(job, task, view);
            int nodeB = NodeKind.ofColumn(b).nodeFor(job, task, view);
            double va = values[actions.action(a, task)];
            if (nodeA != Placement.NOWHERE) {
              assertThat(va).isFinite().isLessThanOrEqualTo(1);
            }
            if (nodeA == nodeB && nodeA != Placement.NOWHERE) {
              assertThat(va).isEqualTo(values[actions.action(b, task)]);
            }
          }
        }
      }
    }
  }
}
