package dl2.learning.rl;

import dl2.io.StateReader;
import dl2.io.StateWriter;
import dl2.learning.env.MarginalReward;
import dl2.learning.env.RewardMode;
import dl2.learning.file.PolicySettings;
import dl2.learning.nn.Mlp;
import dl2.learning.nn.ParamSet;
import dl2.learning.policy.NeuralPolicy;
import dl2.learning.policy.SlotDecisions;
import dl2.learning.policy.StartOfSlotBundle;
import dl2.learning.run.RunBudget;
import dl2.learning.replay.Replay;
import dl2.learning.replay.ReplayBatch;
import dl2.learning.replay.Transition;
import dl2.learning.replay.TransitionCodec;
import dl2.learning.rl.explore.Exploration;
import dl2.learning.speeds.MeasuredSpeeds;
import dl2.learning.speeds.ObservedSpeeds;
import dl2.learning.speeds.OracleSpeeds;
import dl2.learning.speeds.SpeedEstimate;
import dl2.learning.speeds.SpeedMemory;
import dl2.learning.state.ActionSpace;
import dl2.learning.state.Observer;
import dl2.model.Rng;
import dl2.model.SeedStream;
import dl2.model.Task;
import dl2.model.Trace;
import dl2.simulation.SimulatedClusters;
import dl2.simulation.Simulator;
import dl2.simulation.SlotOutcome;
import dl2.slot.JobProgress;
import dl2.slot.JobView;
import dl2.slot.ObservedSlot;
import dl2.slot.SlotContext;
import dl2.workload.TraceSet;
import dl2.workload.TraceSets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One RL agent (dl2-spec §7.11): its own simulator cycling through its training traces, its own
 * replay, exploration and random streams. Each slot it acts with the latest policy (sampling plus
 * job-aware exploration), stores the slot's kept decisions with their rewards, and, once its
 * replay is full, computes the actor-critic gradients of a batch for the learner. Rewards use only
 * what the cluster reports at the slot's end, each job's measured progress under the allocation it
 * held, and speeds fitted to those measurements; the simulator's true speeds only under a reward
 * named as an oracle.
 */
final class Agent {
  /** A kept decision: what it saw, the distribution it drew from, the action and its job (-1 for stop). */
  private record Decision(double[] state, boolean[] mask, double[] q, int action, int jobId) {}

  private final int index;
  private final RlConfig config;
  private final RunBudget budget;
  private final ActorCritic knobs;
  private final List<Trace> traces;
  private final SimulatedClusters clusters;
  private final PolicySettings settings;
  private final Observer observer;
  private final ActionSpace actions;
  private final Replay<Transition> replay;
  private final Exploration exploration;
  private final Rng actingRng;
  private final Rng batchRng;
  private final Mlp policy;
  private final Mlp value;
  private SlotDecisions acting;
  private Simulator simulator;
  private int episode = -1;
  private List<Decision> pending = List.of();
  private double pendingReward;
  private List<JobProgress> pendingProgress = List.of();
  private final MarginalReward marginal;
  private final ObservedSpeeds observedSpeeds = new ObservedSpeeds();
  private MeasuredSpeeds stateSpeeds = new MeasuredSpeeds();
  private final List<MarginalReward.Snapshot> snapshots = new ArrayList<>();
  private SpeedEstimate creditSpeeds;
  private double movingAverageReward;
  private double slotRewardSum;
  private int slotCount;

  Agent(int index, RlConfig config, PolicySettings settings, SimulatedClusters clusters, Replay<Transition> replay,
      Mlp policyTemplate, Mlp valueTemplate) {
    this.index = index;
    this.config = config;
    this.budget = config.budget();
    this.knobs = config.actorCritic();
    this.settings = settings;
    this.clusters = clusters;
    this.traces = ExtraTraces.interleave(TraceSets.training(budget.preset(), budget.seed(), index, budget.trainingTraces()),
        knobs.extraTraces().training());
    this.observer = settings.observer(clusters.config().taskCap());
    this.actions = settings.actions();
    this.marginal = new MarginalReward(actions, knobs.marginalValue());
    this.replay = replay;
    this.exploration = knobs.exploration().create();
    this.actingRng = new Rng(Rng.derive(budget.seed(), SeedStream.AGENT_ACTING, index));
    this.batchRng = new Rng(Rng.derive(budget.seed(), SeedStream.AGENT_BATCHES, index));
    this.policy = new Mlp(policyTemplate.spec(), null);
    this.value = new Mlp(valueTemplate.spec(), null);
    load(policyTemplate.parameters(), valueTemplate.parameters());
  }

  /** Takes the learner's latest weights for acting and for the next gradient. */
  void load(ParamSet policyWeights, ParamSet valueWeights) {
    policy.loadParameters(policyWeights);
    value.loadParameters(valueWeights);
    acting = new SlotDecisions(observer, new NeuralPolicy(policy));
  }

  /** Runs slots until the replay is full and the last slot stored samples (§7.11 step 3). */
  void collect() {
    while (true) {
      int stored = runSlot();
      if (replay.isFull() && stored > 0) {
        return;
      }
    }
  }

  /** The gradients of one batch with the loaded weights; updates the batch's priorities. */
  UpdateResult update(long step) {
    ReplayBatch<Transition> batch = replay.sample(knobs.agentBatchSize(), batchRng);
    UpdateSettings settings = knobs.update();
    if (knobs.annealEntropy()) {
      settings = new UpdateSettings(settings.returns(), settings.discount(), settings.baseline(),
          Math.max(20 / (1 + StrictMath.exp(step / 500.0)), 0.1), settings.gradientForm());
    }
    double baseline = knobs.update().baseline() == Baseline.MOVING_AVERAGE ? movingAverageReward : replay.meanReward();
    UpdateResult result = ActorCriticUpdate.compute(policy, value, batch.items(), batch.weights(), settings, baseline);
    if (!result.policyGradient().isFinite() || (result.valueGradient() != null && !result.valueGradient().isFinite())) {
      throw new IllegalStateException("agent " + index + ": non-finite gradient at step " + step + " (training diverged)");
    }
    replay.updatePriorities(batch, result.tdErrors());
    return result;
  }

  /** What this agent's cluster has measured of every type so far (for the policy file). */
  SpeedMemory speedMemory() {
    return observedSpeeds.memory();
  }

  /** Mean slot reward since the last call. */
  double drainMeanSlotReward() {
    double mean = slotCount == 0 ? Double.NaN : slotRewardSum / slotCount;
    slotRewardSum = 0;
    slotCount = 0;
    return mean;
  }

  private int runSlot() {
    if (simulator == null || simulator.finished()) {
      episode++;
      openEpisode();
      exploration.startEpisode();
    }
    SlotContext cluster = simulator.beginSlot();
    observer.startSlot(stateSpeeds, cluster);
    SlotContext slot = observer.place(cluster); // the placed encoding's record of where tasks go
    StartOfSlotBundle.apply(slot);
    int stored = 0;
    if (!pending.isEmpty()) {
      stored += store(pending, pendingReward, pendingProgress, observer.observe(slot.jobs(), slot.slot(), null).state());
      pending = List.of();
    }
    exploration.startSlot(actingRng);
    List<Decision> decisions = new ArrayList<>();
    snapshots.clear();
    acting.run(slot, exploration.sampling(actingRng), (observation, q, action, stop) -> {
      JobView job = stop ? null : observation.columns()[actions.column(action)];
      Task task = stop ? null : actions.task(action);
      decisions.add(new Decision(observation.state(), observation.mask(), q, action, stop ? -1 : job.id()));
      if (knobs.reward().perDecision()) {
        snapshots.add(MarginalReward.Snapshot.of(observation, stop ? -1 : actions.column(action), task, action));
      }
    });
    observer.endSlot(stateSpeeds, slot);
    Map<Integer, JobView> ran = new TreeMap<>();
    slot.jobs().forEach(j -> ran.put(j.id(), j));
    SlotOutcome outcome = simulator.endSlot();
    outcome.progress().forEach(p -> observedSpeeds.measured(ran.get(p.jobId()).type(), p));
    double reward = slotReward(outcome);
    slotRewardSum += outcome.stats().reward();
    slotCount++;
    movingAverageReward += 0.05 * (reward - movingAverageReward);
    boolean deferred = knobs.update().returns() == ReturnMode.DISCOUNTED && !outcome.finished();
    if (deferred) {
      pending = decisions;
      pendingReward = reward;
      pendingProgress = outcome.progress();
      return stored;
    }
    return stored + store(decisions, reward, outcome.progress(), null);
  }

  /** A fresh simulation of the episode's trace; job ids restart, so per-job speed levels are forgotten. */
  private void openEpisode() {
    int trace = Math.floorMod(episode, traces.size());
    simulator = clusters.open(traces.get(trace), TraceSets.simulatorSeed(budget.seed(), TraceSet.TRAINING, index, trace));
    observedSpeeds.startTrace();
    // each trace starts from what training has measured so far, as the dl2 scheduler starts from its file's memory
    stateSpeeds = new MeasuredSpeeds(observedSpeeds.memory());
    creditSpeeds = knobs.reward().usesOracle() ? OracleSpeeds.of(simulator) : observedSpeeds;
  }

  private double slotReward(SlotOutcome outcome) {
    return knobs.reward() == RewardMode.UNCOMPLETED ? -simulator.outstandingJobs().size() : outcome.stats().reward();
  }

  private int store(List<Decision> decisions, double slotReward, List<JobProgress> progress, double[] nextState) {
    for (int i = 0; i < decisions.size(); i++) {
      Decision d = decisions.get(i);
      double reward = knobs.reward().perDecision() ? marginal.ofDecision(snapshots.get(i), creditSpeeds)
          : knobs.reward() == RewardMode.PER_JOB ? perJobReward(d, slotReward, progress) : slotReward;
      double[] all = knobs.reward().allActions() ? marginal.ofEveryAction(snapshots.get(i), d.mask(), creditSpeeds) : null;
      replay.add(new Transition(d.state(), d.mask(), d.action(), d.q(), reward, nextState, all), reward);
    }
    return decisions.size();
  }

  /** §7.5: an action's own job's Δ/E; a stop shares the slot reward among the jobs that ran. */
  private double perJobReward(Decision d, double slotReward, List<JobProgress> progress) {
    if (d.jobId() < 0) {
      return progress.isEmpty() ? 0 : slotReward / progress.size();
    }
    for (JobProgress p : progress) {
      if (p.jobId() == d.jobId()) {
        return p.reward();
      }
    }
    return 0;
  }

  /** Saves everything this agent carries between steps; the networks come from the learner. */
  void writeState(StateWriter out) {
    out.tag("agent");
    out.writeInt(index);
    out.writeInt(episode);
    out.writeBoolean(simulator != null);
    if (simulator != null) {
      simulator.writeState(out);
    }
    observedSpeeds.writeState(out);
    stateSpeeds.writeState(out);
    exploration.writeState(out);
    actingRng.writeState(out);
    batchRng.writeState(out);
    replay.writeState(out, TransitionCodec::write);
    out.writeInt(pending.size());
    for (Decision d : pending) {
      out.writeDoubles(d.state());
      out.writeBooleans(d.mask());
      out.writeDoubles(d.q());
      out.writeInt(d.action());
      out.writeInt(d.jobId());
    }
    out.writeDouble(pendingReward);
    out.writeInt(pendingProgress.size());
    for (JobProgress p : pendingProgress) {
      out.writeInt(p.jobId());
      out.writeInt(p.parameterServers());
      out.writeInt(p.workers());
      out.writeDouble(p.epochsDone());
      out.writeDouble(p.trainedSlots());
      out.writeDouble(p.reward());
      out.writeBoolean(p.completed());
    }
    out.writeDouble(movingAverageReward);
    out.writeDouble(slotRewardSum);
    out.writeInt(slotCount);
  }

  /** Restores a freshly built agent (same configuration) from {@link #writeState}. */
  void readState(StateReader in) {
    in.expect("agent");
    if (in.readInt() != index) {
      throw in.corrupt("agents are out of order");
    }
    episode = in.readInt();
    if (in.readBoolean()) {
      openEpisode();
      simulator.readState(in);
    }
    observedSpeeds.readState(in);
    stateSpeeds.readState(in);
    exploration.readState(in);
    actingRng.readState(in);
    batchRng.readState(in);
    replay.readState(in, TransitionCodec::read);
    int decisions = in.readCount(1 << 20);
    List<Decision> restored = new ArrayList<>(decisions);
    for (int i = 0; i < decisions; i++) {
      restored.add(new Decision(in.readDoubles(), in.readBooleans(), in.readDoubles(), in.readInt(), in.readInt()));
    }
    pending = restored;
    pendingReward = in.readDouble();
    int jobs = in.readCount(1 << 20);
    List<JobProgress> progress = new ArrayList<>(jobs);
    for (int i = 0; i < jobs; i++) {
      progress.add(new JobProgress(in.readInt(), in.readInt(), in.readInt(), in.readDouble(), in.readDouble(), in.readDouble(),
          in.readBoolean()));
    }
    pendingProgress = progress;
    movingAverageReward = in.readDouble();
    slotRewardSum = in.readDouble();
    slotCount = in.readInt();
  }
}
