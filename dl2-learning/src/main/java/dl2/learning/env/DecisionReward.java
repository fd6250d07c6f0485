package dl2.learning.env;

import dl2.learning.policy.ActionChooser;
import dl2.learning.speeds.SpeedEstimate;
import dl2.learning.state.ActionSpace;
import dl2.learning.state.Observation;
import dl2.lengths.LengthBelief;
import dl2.simulation.SlotOutcome;
import dl2.slot.JobProgress;
import dl2.slot.ObservedSlot;
import java.util.List;

/**
 * What a slot's kept decisions are rewarded with: one strategy per {@link RewardMode}, kept in one
 * object as Decima keeps its reward in a RewardCalculator. The slot rewards (dl2-spec §7.5: Σ Δ/E
 * for every decision, each job's own share, minus the jobs left) come from what the cluster
 * reported at the slot's end; the marginal rewards credit each decision with what its task adds
 * ({@link MarginalReward}) by the speeds the trainer hands in: fitted to the measurements, or the
 * simulator's own only under a mode named as an oracle.
 */
public sealed interface DecisionReward
    permits DecisionReward.Slot,
        DecisionReward.PerJob,
        DecisionReward.Uncompleted,
        DecisionReward.Marginal,
        PlacedMarginals {
  /**
   * The strategy of {@code mode}, its marginal rewards valued in {@code unit} over the job lengths
   * {@code lengths} believes, over {@code actions}.
   */
  static DecisionReward of(
      RewardMode mode, MarginalValue unit, ActionSpace actions, LengthBelief lengths) {
    return switch (mode) {
      case SLOT -> new Slot();
      case PER_JOB -> new PerJob();
      case UNCOMPLETED -> new Uncompleted();
      case OBSERVED_MARGINAL, ORACLE_MARGINAL ->
          new Marginal(new MarginalReward(actions, unit), actions, false, lengths);
      case OBSERVED_MARGINALS, ORACLE_MARGINALS ->
          new Marginal(new MarginalReward(actions, unit), actions, true, lengths);
      case OBSERVED_PLACED_MARGINALS ->
          new PlacedMarginals(new MarginalReward(actions, unit), actions, unit, lengths);
    };
  }

  /**
   * The slot's decisions begin, on {@code slot} as the policy's step plays it (after the
   * start-of-slot bundle); only a reward that measures placement reads it.
   */
  default void startSlot(ObservedSlot slot) {}

  /** The slot's decisions are done; its tasks are where they will run. */
  default void endSlot(ObservedSlot slot) {}

  /**
   * {@code chooser}, or one that also lets this reward see each decision's state before its task is
   * applied (the listener hears of a decision only after).
   */
  default ActionChooser choosing(ActionChooser chooser) {
    return chooser;
  }

  /** The slot's reward, from what the cluster observed of it: Σ Δ/E over the jobs that ran. */
  default double ofSlot(SlotOutcome outcome) {
    return outcome.stats().reward();
  }

  /**
   * What a decision must keep of its state for its reward ({@link KeptDecision#snapshot()}):
   * nothing but for the marginal rewards.
   */
  default MarginalReward.Snapshot snapshot(Observation observation, int action) {
    return null;
  }

  /**
   * The reward of {@code decision}, kept in a slot whose reward was {@code slotReward} and whose
   * running jobs progressed as {@code progress}; {@code speeds} value the marginal rewards.
   */
  double of(
      KeptDecision decision, double slotReward, List<JobProgress> progress, SpeedEstimate speeds);

  /**
   * The reward every action of the decision's state would have earned (the all-actions gradient),
   * or null.
   */
  default double[] ofEveryAction(KeptDecision decision, SpeedEstimate speeds) {
    return null;
  }

  /** §7.5's default: every decision of the slot earns the slot reward Σ Δ/E. */
  record Slot() implements DecisionReward {
    @Override
    public double of(
        KeptDecision decision,
        double slotReward,
        List<JobProgress> progress,
        SpeedEstimate speeds) {
      return slotReward;
    }
  }

  /**
   * §7.5's ablation: an action's own job's Δ/E; a stop shares the slot reward among the jobs that
   * ran.
   */
  record PerJob() implements DecisionReward {
    @Override
    public double of(
        KeptDecision decision,
        double slotReward,
        List<JobProgress> progress,
        SpeedEstimate speeds) {
      if (decision.jobId() < 0) {
        return progress.isEmpty() ? 0 : slotReward / progress.size();
      }
      for (JobProgress p : progress) {
        if (p.jobId() == decision.jobId()) {
          return p.reward();
        }
      }
      return 0;
    }
  }

  /**
   * §7.5's "uncompleted jobs": minus the jobs still outstanding at the slot's end, for every
   * decision.
   */
  record Uncompleted() implements DecisionReward {
    @Override
    public double ofSlot(SlotOutcome outcome) {
      return -outcome.remaining();
    }

    @Override
    public double of(
        KeptDecision decision,
        double slotReward,
        List<JobProgress> progress,
        SpeedEstimate speeds) {
      return slotReward;
    }
  }

  /**
   * The Project's marginal rewards: what the decision's task adds; with {@code everyAction}, what
   * each action would have.
   */
  record Marginal(
      MarginalReward marginal, ActionSpace actions, boolean everyAction, LengthBelief lengths)
      implements DecisionReward {
    @Override
    public MarginalReward.Snapshot snapshot(Observation observation, int action) {
      boolean stop = actions.isStop(action);
      return MarginalReward.Snapshot.of(
          observation,
          stop ? -1 : actions.column(action),
          stop ? null : actions.task(action),
          action,
          lengths);
    }

    @Override
    public double of(
        KeptDecision decision,
        double slotReward,
        List<JobProgress> progress,
        SpeedEstimate speeds) {
      return marginal.ofDecision(decision.snapshot(), speeds);
    }

    @Override
    public double[] ofEveryAction(KeptDecision decision, SpeedEstimate speeds) {
      return everyAction
          ? marginal.ofEveryAction(decision.snapshot(), decision.mask(), speeds)
          : null;
    }
  }
}
