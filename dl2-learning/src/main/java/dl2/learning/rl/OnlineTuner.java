package dl2.learning.rl;

import dl2.learning.env.DecisionReward;
import dl2.learning.env.KeptDecision;
import dl2.learning.env.MarginalValue;
import dl2.learning.env.RewardMode;
import dl2.learning.env.RewardName;
import dl2.learning.file.PolicyFile;
import dl2.learning.file.PolicySettings;
import dl2.learning.file.TrainingInfo;
import dl2.learning.policy.Decoding;
import dl2.learning.policy.NeuralPolicy;
import dl2.learning.policy.PolicyScheduler;
import dl2.learning.policy.SlotDecisions;
import dl2.learning.replay.Transition;
import dl2.learning.speeds.MeasuredSpeeds;
import dl2.learning.speeds.ObservedSpeeds;
import dl2.learning.state.Observer;
import dl2.lengths.LengthBelief;
import dl2.model.JobType;
import dl2.model.Rng;
import dl2.model.SeedStream;
import dl2.slot.JobProgress;
import dl2.slot.Scheduler;
import dl2.slot.SlotContext;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Online fine-tuning on a live cluster (dl2-spec §1, §7.11): a DL2 policy schedules, sampling its
 * actions; at the next slot the cluster reports each job's measured progress under the allocation
 * it held ({@link #observe}), and the slot's decisions are stored with the same reward the policy
 * was trained on, computed from those measurements alone: the observed marginal rewards (speeds
 * fitted to the measurements, {@link ObservedSpeeds}) for a policy trained on them or on their
 * oracle twins (there is no oracle online), else the slot reward Σ Δ/E. Immediate returns, a plain
 * replay, and one actor-critic step per slot (critic baseline, entropy bonus), checkpointing every
 * {@code checkpointEvery} steps.
 *
 * <p>The guard: the teacher schedules the first {@code window} slots and its mean slot reward is
 * the recorded level; whenever the policy's mean over its last {@code window} slots falls below
 * level × (1 − margin), the teacher takes over for {@code window} slots, then the policy gets
 * another chance. Rewards of slots the teacher ran never train the policy.
 */
public final class OnlineTuner implements Scheduler {
  /**
   * @param window slots behind the teacher's level and the policy's rolling mean (10)
   * @param margin how far below the teacher's level the policy may fall (0.1 = 10 %)
   * @param batchSize transitions per update (32); updates start once the replay holds this many
   * @param replaySize plain replay capacity (1024)
   * @param learningRate Adam's step for both networks (1e-4: fine-tuning)
   * @param checkpointEvery steps between checkpoints (10)
   * @param entropy the entropy bonus β (0.1, the paper's, for the slot reward; the marginal
   *     rewards' recipe uses 0.001)
   */
  public record Settings(
      int window,
      double margin,
      int batchSize,
      int replaySize,
      double learningRate,
      int checkpointEvery,
      double entropy) {
    public static Settings defaults() {
      return new Settings(10, 0.1, 32, 1024, 1e-4, 10, 0.1);
    }

    /** With the paper's entropy bonus, 0.1. */
    public Settings(
        int window,
        double margin,
        int batchSize,
        int replaySize,
        double learningRate,
        int checkpointEvery) {
      this(window, margin, batchSize, replaySize, learningRate, checkpointEvery, 0.1);
    }
  }

  /** What the guard and the learner report. */
  public interface Listener {
    void fellBack(int slot, double policyReward, double teacherLevel);
  }

  private final PolicyFile start;
  private final Scheduler teacher;
  private final Settings settings;
  private final Observer observer;
  private final Rng acting;
  private final OnlineLearner learner;
  private final RewardName reward;
  private final DecisionReward rewards;
  private final ObservedSpeeds speeds;
  private final Map<Integer, JobType> types = new TreeMap<>();
  private final MeasuredSpeeds stateSpeeds;

  /**
   * The teacher's slots, in DL2's slot step (what the policy sees keeps learning) without the
   * bundle.
   */
  private final PolicyScheduler teacherStep;

  private Listener listener = (slot, policyReward, level) -> {};
  private final List<Double> teacherRewards = new ArrayList<>();
  private final Deque<Double> policyRewards = new ArrayDeque<>();
  private List<KeptDecision> pending = List.of();
  private boolean lastSlotByPolicy;
  private boolean scheduledBefore;
  private int teacherSlotsLeft;
  private int lastSlot = -1;
  private int policySlots;
  private int teacherSlots;
  private int fallbacks;

  public OnlineTuner(
      PolicyFile start,
      Scheduler teacher,
      int liveTaskCap,
      Settings settings,
      long seed,
      Path checkpoint) {
    this.start = start;
    this.teacher = teacher;
    this.settings = settings;
    PolicySettings policySettings = start.settings();
    this.observer = policySettings.observer(liveTaskCap);
    this.acting = new Rng(Rng.derive(seed, SeedStream.ONLINE_ACTING));
    this.teacherSlotsLeft = settings.window();
    this.reward = onlineReward(start.training());
    this.rewards =
        DecisionReward.of(
            reward.mode(), reward.unit(), policySettings.actions(), LengthBelief.AS_GIVEN);
    this.speeds =
        ObservedSpeeds.from(start.speeds()); // the cluster starts from what training measured
    this.learner = new OnlineLearner(start, settings, seed, checkpoint, reward, speeds);
    this.stateSpeeds = new MeasuredSpeeds(start.speeds());
    this.teacherStep =
        new PolicyScheduler(teacher.name(), observer, teacher::schedule, false, stateSpeeds);
  }

  /**
   * The policy's training reward as measurements allow it ({@link RewardName#online()}); the slot
   * reward if none is recorded.
   */
  static RewardName onlineReward(TrainingInfo training) {
    return RewardName.parse(training.reward())
        .map(RewardName::online)
        .orElse(new RewardName(RewardMode.SLOT, MarginalValue.WORK));
  }

  /** The reward the decisions are stored with. */
  public RewardMode rewardMode() {
    return reward.mode();
  }

  /** Told each time the guard hands slots back to the teacher. */
  public OnlineTuner listening(Listener newListener) {
    this.listener = newListener;
    return this;
  }

  @Override
  public String name() {
    return "dl2-online";
  }

  /**
   * What the cluster measured since the previous slot: each job's progress under the allocation it
   * held, which rewards the previous slot's decisions. The guard compares slot rewards Σ Δ/E.
   */
  public void observe(List<JobProgress> measured) {
    double slotReward = 0;
    for (JobProgress m : measured) {
      slotReward += m.reward();
      JobType type = types.get(m.jobId());
      if (type != null) {
        speeds.measured(type, m);
      }
    }
    if (!scheduledBefore) {
      return; // a controller's first slot has no previous decisions to reward
    }
    if (lastSlotByPolicy) {
      for (KeptDecision d : pending) {
        double r = rewards.of(d, slotReward, measured, speeds);
        double[] all = rewards.ofEveryAction(d, speeds);
        learner.add(new Transition(d.state(), d.mask(), d.action(), d.q(), r, null, all), r);
      }
      policyRewards.addLast(slotReward);
      while (policyRewards.size() > settings.window()) {
        policyRewards.removeFirst();
      }
    } else if (teacherRewards.size() < settings.window()) {
      teacherRewards.add(slotReward);
    }
    pending = List.of();
  }

  /**
   * One slot: a training step once the replay holds a batch, the guard's choice, then DL2's slot
   * step with the teacher or with the policy sampling its actions, whose decisions wait for the
   * next slot's measurements.
   */
  @Override
  public void schedule(SlotContext slot) {
    if (slot.slot() <= lastSlot) {
      speeds.startTrace(); // a new run (the emulator's next trace): job ids now mean other jobs
    }
    lastSlot = slot.slot();
    scheduledBefore = true;
    types.clear();
    slot.jobs().forEach(job -> types.put(job.id(), job.type()));
    if (learner.replaySize() >= settings.batchSize()) {
      learner.update();
    }
    if (teacherSlotsLeft == 0
        && policyRewards.size() >= settings.window()
        && mean(policyRewards) < level() * (1 - settings.margin())) {
      listener.fellBack(slot.slot(), mean(policyRewards), level());
      fallbacks++;
      policyRewards.clear();
      teacherSlotsLeft = settings.window();
    }
    if (teacherSlotsLeft > 0) {
      teacherSlotsLeft--;
      teacherSlots++;
      lastSlotByPolicy = false;
      teacherStep.schedule(slot);
      return;
    }
    lastSlotByPolicy = true;
    policySlots++;
    List<KeptDecision> decisions = new ArrayList<>();
    SlotDecisions step = new SlotDecisions(observer, new NeuralPolicy(learner.policy()));
    PolicyScheduler.Decider decider =
        placed -> {
          rewards.startSlot(placed); // the placement-crediting reward measures each policy slot
          step.run(
              placed,
              rewards.choosing((observation, q) -> Decoding.SAMPLED.choose(q, acting)),
              (observation, q, action, stop) ->
                  decisions.add(
                      KeptDecision.of(observation, q, action, observer.actions(), rewards)));
          rewards.endSlot(placed);
        };
    new PolicyScheduler(
            name(), observer, decider, start.settings().startOfSlotBundle(), stateSpeeds)
        .schedule(slot);
    pending = decisions;
  }

  /** The teacher's recorded level: its mean slot reward over the first slots (NaN before any). */
  public double level() {
    return teacherRewards.isEmpty() ? Double.NaN : mean(teacherRewards);
  }

  public long steps() {
    return learner.steps();
  }

  /** Slots the policy scheduled so far. */
  public int policySlots() {
    return policySlots;
  }

  /** Slots the teacher scheduled so far: the level's measurement and every fallback window. */
  public int teacherSlots() {
    return teacherSlots;
  }

  /** Times the guard handed the cluster to the teacher. */
  public int fallbacks() {
    return fallbacks;
  }

  /** True if the teacher scheduled the last slot (warm-up measurement or fallback). */
  public boolean teacherActive() {
    return !lastSlotByPolicy;
  }

  private static double mean(Iterable<Double> values) {
    double sum = 0;
    int n = 0;
    for (double v : values) {
      sum += v;
      n++;
    }
    return sum / n;
  }
}
