package dl2.schedulers;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.model.JobSpec;
import dl2.model.Rng;
import dl2.model.Task;
import dl2.model.Trace;
import dl2.schedulers.registry.Schedulers;
import dl2.simulation.SimulationConfig;
import dl2.simulation.Simulator;
import dl2.slot.ClusterView;
import dl2.slot.JobView;
import dl2.slot.ScalingCost;
import dl2.slot.Scheduler;
import dl2.slot.SlotContext;
import dl2.speed.FittedOptimusSpeed;
import dl2.workload.Preset;
import dl2.workload.Presets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The incremental baselines against their plain references ({@link PlainBaselines}): two
 * simulations of one trace, in lock step, must hold the same tasks on the same nodes after every
 * slot's decisions and end every slot alike. Ids are shuffled (id order is not arrival order);
 * small clusters with many jobs make long queues; noise, estimation errors and a scaling cost make
 * ties and draws matter. Three contexts: the simulator's own, one that answers the job orders by
 * the interface's defaults, and one where some jobs already hold tasks when the scheduler starts
 * (as under the starvation guard).
 */
class IncrementalBaselinesTest {
  enum Context {
    SIMULATOR,
    DEFAULTS,
    HEAD_START
  }

  static Stream<Arguments> runs() {
    List<Arguments> runs = new ArrayList<>();
    for (String scheduler : List.of("fifo", "srtf", "drf", "optimus", "optimus-fitted", "tetris")) {
      for (Context context : Context.values()) {
        for (long seed : new long[] {5, 6}) {
          runs.add(Arguments.of(scheduler, context, seed));
        }
      }
    }
    return runs.stream();
  }

  @ParameterizedTest(name = "{0}, {1} context, seed {2}")
  @MethodSource("runs")
  void decidesExactlyAsThePlainReference(String name, Context context, long seed) {
    Rng rng = new Rng(seed);
    Preset base =
        List.of(Presets.PAPER_SMALL, Presets.PAPER_TESTBED, Presets.PAPER_DENSE)
            .get(rng.nextIntInclusive(0, 2));
    Preset preset =
        base.withCluster(base.cluster().withNodes(rng.nextIntInclusive(2, 4)))
            .withWorkload(base.workload().withTotalJobs(60).withEpochEstimationError(0.3));
    Trace trace = withShuffledIds(new Trace("t" + seed, preset.generator().jobs(seed)), rng);
    SimulationConfig config =
        SimulationConfig.of(preset).withSpeedNoise(0.2).withScalingCost(ScalingCost.hot(30));
    Simulator fast = new Simulator(config, trace, FittedOptimusSpeed.INSTANCE, seed);
    Simulator plain = new Simulator(config, trace, FittedOptimusSpeed.INSTANCE, seed);
    Scheduler fastScheduler = Schedulers.baseline(name, 0.2, seed);
    Scheduler plainScheduler = PlainBaselines.plain(name, 0.2, seed);
    Rng fastHeadStart = new Rng(seed + 1);
    Rng plainHeadStart = new Rng(seed + 1);
    int slots = 0;
    while (!plain.finished()) {
      SlotContext fastSlot = fast.beginSlot();
      SlotContext plainSlot = plain.beginSlot();
      if (context == Context.HEAD_START) {
        headStart(fastSlot, fastHeadStart);
        headStart(plainSlot, plainHeadStart);
      }
      fastScheduler.schedule(context == Context.DEFAULTS ? new Defaults(fastSlot) : fastSlot);
      plainScheduler.schedule(plainSlot);
      assertThat(placements(fastSlot))
          .as("slot %d", fastSlot.slot())
          .isEqualTo(placements(plainSlot));
      assertThat(fast.endSlot()).isEqualTo(plain.endSlot());
      slots++;
    }
    assertThat(fast.finished()).isTrue();
    assertThat(fast.result()).isEqualTo(plain.result());
    assertThat(slots).as("a run long enough to queue jobs").isGreaterThan(20);
  }

  /**
   * The same jobs under a random permutation of their ids, so that id order is not arrival order.
   */
  private static Trace withShuffledIds(Trace trace, Rng rng) {
    List<Integer> ids = new ArrayList<>(trace.jobs().stream().map(JobSpec::id).toList());
    for (int i = ids.size() - 1; i > 0; i--) {
      Collections.swap(ids, i, rng.nextIntInclusive(0, i));
    }
    List<JobSpec> jobs = new ArrayList<>();
    for (int i = 0; i < ids.size(); i++) {
      JobSpec job = trace.jobs().get(i);
      jobs.add(
          new JobSpec(ids.get(i), job.type(), job.arrivalSlot(), job.epochs(), job.realEpochs()));
    }
    return new Trace(trace.name(), jobs);
  }

  /** Some jobs, in id order, take a random task before the scheduler runs. */
  private static void headStart(SlotContext slot, Rng rng) {
    for (JobView job : slot.jobs()) {
      if (rng.nextDouble() < 0.3) {
        slot.tryAdd(job, Task.values()[rng.nextIntInclusive(0, 2)]);
      }
    }
  }

  /** Every job's allocation and every node's usage. */
  private static List<String> placements(SlotContext slot) {
    List<String> lines = new ArrayList<>();
    for (JobView job : slot.jobs()) {
      lines.add("job " + job.id() + ": " + job.workers() + "w/" + job.parameterServers() + "ps");
    }
    ClusterView cluster = slot.cluster();
    for (int node = 0; node < cluster.nodeCount(); node++) {
      lines.add("node " + node + ": " + cluster.used(node));
    }
    return lines;
  }

  /** A context that leaves the job orders to the interface's default methods. */
  private record Defaults(SlotContext inner) implements SlotContext {
    @Override
    public int slot() {
      return inner.slot();
    }

    @Override
    public int taskCap() {
      return inner.taskCap();
    }

    @Override
    public List<JobView> jobs() {
      return inner.jobs();
    }

    @Override
    public ClusterView cluster() {
      return inner.cluster();
    }

    @Override
    public boolean tryAdd(JobView job, Task task) {
      return inner.tryAdd(job, task);
    }

    @Override
    public boolean tryAddOn(int node, JobView job, Task task) {
      return inner.tryAddOn(node, job, task);
    }

    @Override
    public double dryRunEpochsPerSlot(JobView job, int numPs, int numWorkers) {
      return inner.dryRunEpochsPerSlot(job, numPs, numWorkers);
    }
  }
}
