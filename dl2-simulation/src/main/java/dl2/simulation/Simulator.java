package dl2.simulation;

import dl2.io.StateReader;
import dl2.io.StateWriter;
import dl2.model.JobResult;
import dl2.model.JobSpec;
import dl2.model.Trace;
import dl2.simulation.world.WorldRun;
import dl2.slot.ClusterSlot;
import dl2.slot.ClusterState;
import dl2.slot.JobLedger;
import dl2.slot.JobProgress;
import dl2.slot.JobView;
import dl2.slot.ProgressStep;
import dl2.slot.Scheduler;
import dl2.slot.SlotContext;
import dl2.slot.SlotJob;
import dl2.speed.SpeedModel;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The time-slotted cluster simulator (dl2-spec §5). Each slot: {@link #beginSlot()} admits new jobs
 * and clears all allocations; a scheduler adds tasks through the returned context; {@link
 * #endSlot()} advances progress, records metrics and moves to the next slot. Learning environments
 * drive these phases themselves; {@link #run(Scheduler)} runs a whole trace.
 */
public final class Simulator {
  /**
   * Consecutive slots in which waiting jobs are let train not at all before {@link #run} gives up,
   * even with no room left for them; {@link StarvationWatch} stops a run with room to spare sooner.
   */
  public static final int IDLE_SLOT_LIMIT = 100;

  // package-private for SimulatorState, which saves and restores what carries over between slots
  final SimulationConfig config;
  final Trace trace;
  private final ClusterState cluster;
  final WorldRun world;
  final List<JobSpec> pending;
  final OutstandingJobs outstanding = new OutstandingJobs();
  final List<JobResult> completed = new ArrayList<>();
  final List<SlotStats> slots = new ArrayList<>();
  private final boolean dryRuns;
  private final boolean oracle;
  int nextPending;
  int slot;
  boolean slotOpen;
  boolean finished;
  private final ClusterSlot.Host host = new SimulatorHost(this);

  /**
   * A fresh simulation of {@code trace}; {@code seed} drives the world's randomness (speed noise)
   * only.
   */
  public Simulator(SimulationConfig config, Trace trace, SpeedModel speed, long seed) {
    this(config, trace, speed, seed, true, false);
  }

  /**
   * See {@link SimulatedClusters}: whether schedulers may dry-run, whether the oracle is handed
   * out.
   */
  Simulator(
      SimulationConfig config,
      Trace trace,
      SpeedModel speed,
      long seed,
      boolean dryRuns,
      boolean oracle) {
    this.dryRuns = dryRuns;
    this.oracle = oracle;
    this.config = config;
    this.trace = trace;
    this.cluster = new ClusterState(config.cluster());
    this.world = config.world().start(speed, config.slotSeconds(), config.speedNoise(), seed);
    this.pending =
        trace.jobs().stream()
            .sorted(Comparator.comparingInt(JobSpec::arrivalSlot).thenComparingInt(JobSpec::id))
            .toList();
  }

  public SimulationConfig config() {
    return config;
  }

  public Trace trace() {
    return trace;
  }

  /** The current slot ts. */
  public int slot() {
    return slot;
  }

  /** True once every job of the trace has completed. */
  public boolean finished() {
    return finished;
  }

  /** Outstanding jobs, ascending id. */
  public List<JobView> outstandingJobs() {
    return outstanding.byId();
  }

  /** This run's world: what jobs really achieve, and what dry runs see. */
  public WorldRun world() {
    return world;
  }

  /** Admits this slot's arrivals and clears every allocation (dl2-spec §5.1 steps 1–2). */
  public SlotContext beginSlot() {
    if (finished) {
      throw new IllegalStateException("the simulation of " + trace.name() + " has finished");
    }
    if (slotOpen) {
      throw new IllegalStateException("slot " + slot + " has already begun");
    }
    admitArrivals();
    outstanding.clearAllocations();
    cluster.clear();
    slotOpen = true;
    return new ClusterSlot(host, slot, config.taskCap(), cluster);
  }

  private void admitArrivals() {
    while (nextPending < pending.size() && pending.get(nextPending).arrivalSlot() <= slot) {
      outstanding.admit(
          new SlotJob(
              this,
              null,
              pending.get(nextPending++),
              config.cluster(),
              config.taskCap(),
              JobLedger.NEW));
    }
  }

  /** Advances progress, records the slot and moves on (dl2-spec §5.1 steps 4–6). */
  public SlotOutcome endSlot() {
    if (!slotOpen) {
      throw new IllegalStateException("slot " + slot + " has not begun");
    }
    slotOpen = false;
    int during = outstanding.size();
    double reward = 0;
    List<JobProgress> progress = new ArrayList<>();
    List<SlotJob> running =
        outstanding.withTasks(); // In id order, as the noise draws and the reward sum go.
    List<SlotJob> done = new ArrayList<>();
    double[] fullSlotEpochs =
        world.fullSlotEpochs(slot, running); // only jobs holding tasks train or interfere
    for (int i = 0; i < running.size(); i++) {
      SlotJob job = running.get(i);
      JobProgress step = progress(job, fullSlotEpochs[i]);
      progress.add(step);
      reward += step.reward();
      if (step.completed()) {
        done.add(job);
      }
    }
    outstanding.endSlot(running, done);
    SlotStats stats =
        new SlotStats(slot, reward, cluster.cpuUtilisation(), cluster.gpuUtilisation());
    slots.add(stats);
    finished = completed.size() == trace.size();
    if (!finished) {
      slot++;
      if (slot >= config.maxSlots()) {
        throw SimulationLimitException.unfinished(
            trace.name(), config.maxSlots(), completed.size(), trace.size());
      }
    }
    return new SlotOutcome(stats, progress, during, finished);
  }

  /**
   * One running job's slot (dl2-spec §3.3): the world's full-slot Δ, truncated at E* with φ the
   * slot fraction used.
   */
  private JobProgress progress(SlotJob job, double full) {
    JobSpec spec = job.spec();
    JobLedger.Trained trained =
        job.ledger()
            .train(
                slot,
                job.workers(),
                job.parameterServers(),
                full,
                spec.realEpochs(),
                config.scalingCost(),
                config.slotSeconds());
    job.setLedger(trained.ledger());
    ProgressStep step = trained.step();
    if (step.completed()) {
      completed.add(trained.ledger().completed(spec, slot, step));
    }
    return new JobProgress(
        job.id(),
        job.parameterServers(),
        job.workers(),
        step.epochs(),
        step.trainedSlots(),
        spec.hasEstimate() ? step.epochs() / spec.epochs() : 0, // no E: no reward to share
        step.completed());
  }

  boolean isOpen(int slotNumber) {
    return slotOpen && slot == slotNumber;
  }

  double dryRun(JobView job, int numPs, int numWorkers) {
    checkDryRuns();
    return world.dryRunEpochsPerSlot(job.id(), job.type(), numPs, numWorkers);
  }

  void checkDryRuns() {
    if (!dryRuns) {
      throw new IllegalStateException(
          "this simulated cluster answers no dry runs: the scheduler asked for the speed of a "
              + "configuration, which a cluster without a speed model cannot know");
    }
  }

  /**
   * The simulator's true, noise-free speed of its jobs, if this simulation was opened with the
   * oracle ({@link SimulatedClusters#withSpeedOracle()}); empty otherwise.
   */
  public java.util.Optional<SpeedOracle> speedOracle() {
    if (!oracle) {
      return java.util.Optional.empty();
    }
    return java.util.Optional.of(
        (job, numPs, numWorkers) ->
            world.isolatedEpochsPerSlot(job.id(), job.type(), numPs, numWorkers));
  }

  /**
   * Runs {@code scheduler} until every job has completed. Stops with a {@link
   * SimulationLimitException} at the slot limit, or earlier when the scheduler lets no job train
   * ({@link StarvationWatch}): a scheduler that allocates nothing would otherwise run to the limit.
   */
  public SimulationResult run(Scheduler scheduler) {
    StarvationWatch watch = watch(scheduler);
    while (!finished) {
      scheduler.schedule(beginSlot());
      afterSlot(watch, endSlot());
    }
    return result();
  }

  /** The watch over {@code scheduler}'s run of this trace. */
  StarvationWatch watch(Scheduler scheduler) {
    return new StarvationWatch(scheduler.name(), trace.name());
  }

  /** Shows the slot that just ended to {@code watch}, which throws if the run starves its jobs. */
  void afterSlot(StarvationWatch watch, SlotOutcome outcome) {
    watch.afterSlot(outcome.stats().slot(), slot, outcome, outstanding.byId(), cluster);
  }

  /** The result of a finished simulation. */
  public SimulationResult result() {
    if (!finished) {
      throw new IllegalStateException("the simulation of " + trace.name() + " has not finished");
    }
    return SimulationResult.of(trace.name(), completed, slots);
  }

  /**
   * Saves everything that carries over between slots; only between slots (not while one is open).
   */
  public void writeState(StateWriter out) {
    SimulatorState.write(this, out);
  }

  /** Continues a fresh simulator of the same trace from a state saved by {@link #writeState}. */
  public void readState(StateReader in) {
    SimulatorState.read(this, in);
  }
}
