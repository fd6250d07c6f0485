package dl2.learning.rl;

import dl2.io.StateReader;
import dl2.io.StateWriter;
import dl2.learning.env.DecisionReward;
import dl2.learning.env.KeptDecision;
import dl2.learning.env.RunPlacement;
import dl2.learning.env.SlotEnvironment;
import dl2.learning.file.PlayedPolicy;
import dl2.learning.file.PolicySettings;
import dl2.learning.nn.Mlp;
import dl2.learning.nn.ParamSet;
import dl2.learning.policy.Policy;
import dl2.learning.policy.PolicyScheduler;
import dl2.learning.policy.ResidualPolicy;
import dl2.learning.policy.SlotDecisions;
import dl2.learning.replay.Replay;
import dl2.learning.replay.ReplayBatch;
import dl2.learning.replay.Transition;
import dl2.learning.replay.TransitionCodec;
import dl2.learning.rl.explore.Exploration;
import dl2.learning.run.RunBudget;
import dl2.learning.speeds.MeasuredSpeeds;
import dl2.learning.speeds.ObservedSpeeds;
import dl2.learning.speeds.SpeedMemory;
import dl2.learning.state.ActionSpace;
import dl2.learning.state.Observer;
import dl2.lengths.LengthBelief;
import dl2.model.JobType;
import dl2.model.Rng;
import dl2.model.SeedStream;
import dl2.model.Trace;
import dl2.simulation.SimulatedClusters;
import dl2.simulation.SlotOutcome;
import dl2.slot.Scheduler;
import dl2.slot.SlotContext;
import dl2.workload.TraceSet;
import dl2.workload.TraceSets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One RL agent (dl2-spec §7.11): its own environment cycling through its training traces, its own
 * replay, exploration and random streams. Each slot it plays DL2's slot step with the latest policy
 * (sampling plus job-aware exploration), stores the slot's kept decisions with their rewards
 * ({@link DecisionReward}), and, once its replay is full, computes the actor-critic gradients of a
 * batch for the learner. Rewards use only what the cluster reports at the slot's end, each job's
 * measured progress under the allocation it held, and speeds fitted to those measurements; the
 * simulator's true speeds only under a reward named as an oracle.
 */
final class Agent {
  private final int index;
  private final RunBudget budget;
  private final ActorCritic knobs;
  private final List<Trace> traces;
  private final SlotEnvironment environment;
  private final RunPlacement placement;
  private final Observer observer;
  private final ActionSpace actions;
  private final Replay<Transition> replay;
  private final Exploration exploration;
  private final Rng actingRng;
  private final Rng batchRng;
  private final Mlp policy;
  private final Mlp value;
  private final DecisionReward rewards;
  private final ObservedSpeeds observedSpeeds = new ObservedSpeeds();
  private MeasuredSpeeds stateSpeeds = new MeasuredSpeeds();
  private SlotDecisions acting;

  /** The episode's slot step under the run's placement (a fresh placement each episode). */
  private Scheduler played;

  private final SlotTransitions transitions;
  private final PolicySettings settings;

  private final EpisodeRule rule = new EpisodeRule();
  private final double residualBonus;

  private Policy acted;
  private int episode = -1;

  /** The slot being played: its kept decisions, its jobs' types, the transitions stored so far. */
  private final List<KeptDecision> decisions = new ArrayList<>();

  private final Map<Integer, JobType> types = new TreeMap<>();
  private int stored;
  private double movingAverageReward;
  private double slotRewardSum;
  private int slotCount;

  Agent(
      int index,
      RlConfig config,
      PolicySettings settings,
      SimulatedClusters clusters,
      RunPlacement placement,
      Replay<Transition> replay,
      Mlp policyTemplate,
      Mlp valueTemplate) {
    this.index = index;
    this.budget = config.budget();
    this.knobs = config.actorCritic();
    this.environment = new SlotEnvironment(clusters);
    this.placement = placement;
    this.traces = knobs.extraTraces().trainingOf(budget, index);
    LengthBelief lengths = RunBudget.belief(budget.lengthPrior());
    this.observer = settings.observer(clusters.config().taskCap(), lengths);
    this.actions = settings.actions();
    this.rewards = DecisionReward.of(knobs.reward(), knobs.marginalValue(), actions, lengths);
    this.replay = replay;
    this.transitions = new SlotTransitions(replay, rewards);
    this.settings = settings;
    this.residualBonus = settings.residual() == null ? 0 : settings.residual().bonus();
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
    acted = PlayedPolicy.of(settings, policy, observer, name -> rule);
    acting = new SlotDecisions(observer, acted);
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
    UpdateSettings settings =
        knobs.annealEntropy()
            ? knobs
                .update()
                .withEntropyWeight(Math.max(20 / (1 + StrictMath.exp(step / 500.0)), 0.1))
            : knobs.update();
    double baseline =
        knobs.update().baseline() == Baseline.MOVING_AVERAGE
            ? movingAverageReward
            : replay.meanReward();
    UpdateResult result =
        ActorCriticUpdate.compute(
            policy, value, batch.items(), batch.weights(), settings, baseline, residualBonus);
    if (!result.policyGradient().isFinite()
        || (result.valueGradient() != null && !result.valueGradient().isFinite())) {
      throw new IllegalStateException(
          "agent " + index + ": non-finite gradient at step " + step + " (training diverged)");
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
    if (environment.done()) {
      episode++;
      openEpisode();
      exploration.startEpisode();
    }
    stored = 0;
    decisions.clear();
    SlotOutcome outcome = environment.step(played);
    outcome.progress().forEach(p -> observedSpeeds.measured(types.get(p.jobId()), p));
    double reward = rewards.ofSlot(outcome);
    slotRewardSum += outcome.stats().reward();
    slotCount++;
    movingAverageReward += 0.05 * (reward - movingAverageReward);
    boolean deferred = knobs.update().returns() == ReturnMode.DISCOUNTED && !outcome.finished();
    if (deferred) {
      transitions.defer(decisions, reward, outcome.progress());
      return stored;
    }
    return stored + transitions.store(decisions, reward, outcome.progress(), null);
  }

  /**
   * The slot's decisions, once the step has begun it (speeds fitted, bundles given): the previous
   * slot's deferred decisions are stored with this state as their next, then the policy acts.
   */
  private void decide(SlotContext slot) {
    if (transitions.hasPending()) {
      stored += transitions.flush(observer.observe(slot.jobs(), slot.slot(), null).state());
    }
    exploration.startSlot(actingRng);
    types.clear();
    slot.jobs().forEach(job -> types.put(job.id(), job.type()));
    rewards.startSlot(slot);
    acting.run(
        slot,
        rewards.choosing(exploration.sampling(actingRng)),
        (observation, q, action, stop) -> {
          KeptDecision kept = KeptDecision.of(observation, q, action, actions, rewards);
          decisions.add(
              acted instanceof ResidualPolicy residual
                  ? kept.favouring(residual.lastFavoured())
                  : kept);
        });
    rewards.endSlot(slot);
  }

  /**
   * A fresh simulation of the episode's trace; job ids restart, so per-job speed levels are
   * forgotten. Each trace starts from what training has measured so far, as the dl2 scheduler
   * starts from its file's memory.
   */
  private void openEpisode() {
    int trace = Math.floorMod(episode, traces.size());
    environment.reset(
        traces.get(trace), TraceSets.simulatorSeed(budget.seed(), TraceSet.TRAINING, index, trace));
    observedSpeeds.startTrace();
    stateSpeeds = new MeasuredSpeeds(observedSpeeds.memory());
    transitions.creditBy(knobs.reward().usesOracle() ? environment.oracleSpeeds() : observedSpeeds);
    played =
        placement.apply(
            new PolicyScheduler(
                "dl2", observer, this::decide, settings.startOfSlotBundle(), stateSpeeds));
    if (settings.residual() != null) {
      rule.renew(settings.residual().rule());
    }
  }

  /** Saves everything this agent carries between steps; the networks come from the learner. */
  void writeState(StateWriter out) {
    out.tag("agent");
    out.writeInt(index);
    out.writeInt(episode);
    out.writeBoolean(environment.started());
    if (environment.started()) {
      environment.writeState(out);
    }
    observedSpeeds.writeState(out);
    stateSpeeds.writeState(out);
    observer.writeState(out);
    exploration.writeState(out);
    actingRng.writeState(out);
    batchRng.writeState(out);
    replay.writeState(out, TransitionCodec::write);
    transitions.writePending(out);
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
      environment.readState(in);
    }
    observedSpeeds.readState(in);
    stateSpeeds.readState(in);
    observer.readState(in);
    exploration.readState(in);
    actingRng.readState(in);
    batchRng.readState(in);
    replay.readState(in, TransitionCodec::read);
    transitions.readPending(in);
    movingAverageReward = in.readDouble();
    slotRewardSum = in.readDouble();
    slotCount = in.readInt();
  }
}
