package dl2.learning.rl.explore;

import dl2.io.StateReader;
import dl2.io.StateWriter;
import dl2.learning.state.ActionSpace;
import dl2.learning.state.Observation;
import dl2.model.Rng;

/**
 * The part all modes share: the call-order checks and the counts c, kept here so that no mode can
 * forget to count the action it returns (dl2-spec §7.10, §7.3 step 5).
 */
abstract class CountingExploration implements Exploration {
  private ExecutedCounts counts = ExecutedCounts.ZERO;
  private boolean episodeStarted;
  private boolean slotStarted;

  @Override
  public final void startEpisode() {
    counts = ExecutedCounts.ZERO;
    episodeStarted = true;
    slotStarted = false;
  }

  @Override
  public final void startSlot(Rng rng) {
    if (!episodeStarted) {
      throw new IllegalStateException("call startEpisode() before startSlot()");
    }
    drawSlotParameters(rng);
    slotStarted = true;
  }

  @Override
  public final int override(Observation observation, double[] q, int sampledAction, Rng rng) {
    if (!slotStarted) {
      throw new IllegalStateException("call startSlot() before override()");
    }
    int stop = observation.mask().length - 1;
    checkShapes(observation, q, sampledAction, stop);
    if (sampledAction < 0) {
      return sampledAction;
    }
    int action = replace(observation, q, sampledAction, rng);
    if (action != stop) {
      counts = counts.plus(new ActionSpace(observation.columns().length).task(action));
    }
    return action;
  }

  @Override
  public final ExecutedCounts counts() {
    return counts;
  }

  @Override
  public final void writeState(StateWriter out) {
    out.tag("exploration");
    out.writeString(mode().cliName());
    out.writeLong(counts.workers());
    out.writeLong(counts.parameterServers());
    out.writeLong(counts.bundles());
    out.writeBoolean(episodeStarted);
    out.writeBoolean(slotStarted);
    writeSlotParameters(out);
  }

  @Override
  public final void readState(StateReader in) {
    in.expect("exploration");
    String mode = in.readString();
    if (!mode.equals(mode().cliName())) {
      throw in.corrupt(
          "saved exploration mode '"
              + mode
              + "' does not match the configured '"
              + mode().cliName()
              + "'");
    }
    long workers = in.readLong();
    long parameterServers = in.readLong();
    long bundles = in.readLong();
    if (workers < 0 || parameterServers < 0 || bundles < 0) {
      throw in.corrupt(
          "negative exploration counts " + workers + ", " + parameterServers + ", " + bundles);
    }
    boolean savedEpisodeStarted = in.readBoolean();
    boolean savedSlotStarted = in.readBoolean();
    if (savedSlotStarted && !savedEpisodeStarted) {
      throw in.corrupt("exploration slot started outside an episode");
    }
    readSlotParameters(in);
    counts = new ExecutedCounts(workers, parameterServers, bundles);
    episodeStarted = savedEpisodeStarted;
    slotStarted = savedSlotStarted;
  }

  /** The mode this class implements, saved and checked by {@link #readState}. */
  abstract ExplorationMode mode();

  /** Saves what {@link #drawSlotParameters} drew; nothing by default. */
  void writeSlotParameters(StateWriter out) {}

  /** Restores what {@link #writeSlotParameters} saved; nothing by default. */
  void readSlotParameters(StateReader in) {}

  /** Per-slot draws; none by default. */
  protected void drawSlotParameters(Rng rng) {}

  /** The mode's rule: the action to execute instead of {@code sampledAction} (≥ 0), or it. */
  protected abstract int replace(Observation observation, double[] q, int sampledAction, Rng rng);

  private static void checkShapes(
      Observation observation, double[] q, int sampledAction, int stop) {
    if (observation.mask().length != 3 * observation.columns().length + 1 || q.length != stop + 1) {
      throw new IllegalArgumentException("mask and q must have 3J+1 entries for J columns");
    }
    if (sampledAction > stop) {
      throw new IllegalArgumentException("no such action: " + sampledAction);
    }
  }
}
