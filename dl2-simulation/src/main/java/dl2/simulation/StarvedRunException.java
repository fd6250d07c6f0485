package dl2.simulation;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * A run stopped by {@link StarvationWatch}: for {@link StarvationWatch#STARVED_SLOT_LIMIT} slots in
 * a row the scheduler let no job train although the cluster had room to. Its message is the one
 * line a user sees; {@link #by} names the scheduler otherwise (e.g. by its policy file).
 */
public final class StarvedRunException extends SimulationLimitException {
  private static final long serialVersionUID = 1L;

  /** Waiting jobs named in the message; the rest are counted. */
  private static final int JOBS_NAMED = 3;

  private final String scheduler;
  private final String trace;
  private final int firstSlot;
  private final int lastSlot;
  private final int[] waiting;
  private final int nodesWithRoom;
  private final int nodes;

  /**
   * @param scheduler the scheduler's name
   * @param who the scheduler as the message names it ("scheduler drf", "policy FILE")
   * @param waiting the waiting jobs' ids, ascending
   */
  StarvedRunException(
      String scheduler,
      String who,
      String trace,
      int firstSlot,
      int lastSlot,
      int[] waiting,
      int nodesWithRoom,
      int nodes) {
    super(
        who
            + " left "
            + jobs(waiting)
            + " of trace "
            + trace
            + " without training for "
            + (lastSlot - firstSlot + 1)
            + " slots in a row (slots "
            + firstSlot
            + "–"
            + lastSlot
            + ") although "
            + nodesWithRoom
            + " of "
            + nodes
            + " nodes had room to let one of them train");
    this.scheduler = scheduler;
    this.trace = trace;
    this.firstSlot = firstSlot;
    this.lastSlot = lastSlot;
    this.waiting = waiting.clone();
    this.nodesWithRoom = nodesWithRoom;
    this.nodes = nodes;
  }

  /** The name of the scheduler that starved its jobs. */
  public String scheduler() {
    return scheduler;
  }

  /** The same stop, naming the scheduler as {@code who}. */
  public StarvedRunException by(String who) {
    StarvedRunException renamed =
        new StarvedRunException(
            scheduler, who, trace, firstSlot, lastSlot, waiting, nodesWithRoom, nodes);
    renamed.setStackTrace(getStackTrace());
    return renamed;
  }

  private static String jobs(int[] ids) {
    String named =
        Arrays.stream(ids)
            .limit(JOBS_NAMED)
            .mapToObj(Integer::toString)
            .collect(Collectors.joining(", "));
    return (ids.length == 1 ? "job " : "jobs ")
        + named
        + (ids.length > JOBS_NAMED ? " (and " + (ids.length - JOBS_NAMED) + " more)" : "");
  }
}
