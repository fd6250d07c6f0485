package dl2.schedulers.tetris;

import dl2.model.Resources;
import dl2.slot.JobView;
import dl2.slot.Scheduler;
import dl2.slot.SlotContext;
import java.util.ArrayList;
import java.util.List;

/**
 * Tetris (dl2-spec §6.4): visit nodes in index order; at each, give a bundle to the job with the
 * best alignment-plus-weighted-work score until that job's bundle fails there. A failure only moves
 * on to the next node; it never ends the slot.
 *
 * <p>Project choice: with epoch-estimation error a job can pass its estimate (ρ &lt; 0). Work uses
 * max(ρ, 0), and when no job has work left (mean work 0) jobs are ranked by alignment alone instead
 * of the spec's guard leaving every node, which starved such jobs until the safety limit.
 *
 * <p>Fast and exact: a placement costs O(distinct bundle demands), not O(outstanding jobs), and
 * chooses exactly the job that scoring every job would, floating-point ties included. Jobs of one
 * bundle demand share their alignment at any node, so among them the score (align + weight·work,
 * weight ≥ 0) never falls with work: the best is the job of most work that can still take a bundle
 * ({@link TetrisDemandGroup}, {@link TetrisPlacement}). A job's progress changes only while it
 * holds tasks, so the ranking is kept across consecutive slots and only the jobs that held tasks,
 * arrivals and departures are re-filed ({@link TetrisOutstanding}). The mean work is the plain sum
 * over all jobs in id order; so is the mean alignment, had without summing every job at every node
 * ({@link TetrisPlacement#alignSum}).
 */
public final class Tetris implements Scheduler {
  private final TetrisOutstanding outstanding = new TetrisOutstanding();
  private int previousSlot = -1;

  /** The jobs that held tasks when the previous slot was scheduled: only their progress changed. */
  private List<JobView> ran = List.of();

  @Override
  public String name() {
    return "tetris";
  }

  /** Every task goes to the node it chose ({@code tryAddOn}). */
  @Override
  public boolean placesItsOwnTasks() {
    return true;
  }

  @Override
  public void schedule(SlotContext slot) {
    Resources capacity = slot.cluster().nodeCapacity();
    if (slot.slot() != previousSlot + 1 || !capacity.equals(outstanding.capacity)) {
      outstanding.clear(capacity); // A new simulation, or slots this scheduler did not see.
      ran = List.of();
    }
    previousSlot = slot.slot();
    outstanding.update(slot.jobs(), ran);
    if (outstanding.size > 0) {
      TetrisPlacement placement = new TetrisPlacement(slot, outstanding);
      for (int node = 0; node < slot.cluster().nodeCount(); node++) {
        placement.fillNode(node);
      }
    }
    ran = new ArrayList<>(slot.jobsWithTasks());
  }
}
