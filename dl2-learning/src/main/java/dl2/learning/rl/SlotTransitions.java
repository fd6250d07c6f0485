package dl2.learning.rl;

import dl2.io.StateReader;
import dl2.io.StateWriter;
import dl2.learning.env.DecisionReward;
import dl2.learning.env.KeptDecision;
import dl2.learning.replay.Replay;
import dl2.learning.replay.Transition;
import dl2.learning.speeds.SpeedEstimate;
import dl2.slot.JobProgress;
import java.util.List;

/**
 * How an agent's kept decisions become replay transitions (dl2-spec §7.5, §7.11): each credited
 * with its reward once the slot's measurements are in, and, for discounted returns, held back until
 * the next slot's first observation gives their next state.
 */
final class SlotTransitions {
  private final Replay<Transition> replay;
  private final DecisionReward rewards;
  private SpeedEstimate creditSpeeds;
  private List<KeptDecision> pending = List.of();
  private double pendingReward;
  private List<JobProgress> pendingProgress = List.of();

  SlotTransitions(Replay<Transition> replay, DecisionReward rewards) {
    this.replay = replay;
    this.rewards = rewards;
  }

  /** The speeds decisions are credited by in the episode that starts. */
  void creditBy(SpeedEstimate speeds) {
    creditSpeeds = speeds;
  }

  /** Holds a slot's decisions until the next slot's first observation. */
  void defer(List<KeptDecision> kept, double slotReward, List<JobProgress> progress) {
    pending = List.copyOf(kept);
    pendingReward = slotReward;
    pendingProgress = progress;
  }

  /** Stores the held decisions with {@code nextState} as their next; returns how many. */
  int flush(double[] nextState) {
    if (pending.isEmpty()) {
      return 0;
    }
    int stored = store(pending, pendingReward, pendingProgress, nextState);
    pending = List.of();
    return stored;
  }

  boolean hasPending() {
    return !pending.isEmpty();
  }

  /** Stores {@code kept} with their rewards; returns how many. */
  int store(
      List<KeptDecision> kept, double slotReward, List<JobProgress> progress, double[] nextState) {
    for (KeptDecision d : kept) {
      double reward = rewards.of(d, slotReward, progress, creditSpeeds);
      double[] all = rewards.ofEveryAction(d, creditSpeeds);
      replay.add(
          new Transition(
              d.state(), d.mask(), d.action(), d.q(), reward, nextState, all, d.favoured()),
          reward);
    }
    return kept.size();
  }

  /** Saves the held decisions (the replay is saved by its agent). */
  void writePending(StateWriter out) {
    PendingCodec.writeDecisions(out, pending);
    out.writeDouble(pendingReward);
    PendingCodec.writeProgress(out, pendingProgress);
  }

  /** Restores what {@link #writePending} saved. */
  void readPending(StateReader in) {
    pending = PendingCodec.readDecisions(in);
    pendingReward = in.readDouble();
    pendingProgress = PendingCodec.readProgress(in);
  }
}
