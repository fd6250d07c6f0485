package dl2.kubernetes.controller;

import dl2.kubernetes.api.JobPhase;
import dl2.kubernetes.api.SkippedNode;
import java.util.List;
import java.util.Map;

/**
 * What one controller slot saw and did.
 *
 * @param phases DL2Jobs by phase after the slot
 * @param allocations every scheduled (admitted, unfinished) job, ascending id
 * @param reward Σ Δ/E over the jobs' progress reported since the previous slot this controller ran
 * @param decisionMillis time the scheduler took to decide
 * @param slotMillis time of the whole reconciliation
 * @param skippedNodes the nodes not used in the slot, with the reason
 * @param podsCreated the slot's churn: pods (or tasks of the driver's Jobs) created
 * @param podsDeleted and deleted
 * @param rejected the jobs whose objects the API server rejected in this slot (name to its message)
 * @param closedNodes the nodes NotReady within their grace period (or in a zone NotReady as a
 *     whole): they keep their pods and take no new one
 * @param refused the running jobs whose new objects the API server refused in this slot (name to
 *     its message): each keeps the tasks it ran that the decision kept, and gets no new one
 */
public record SlotReport(
    int slot,
    Map<JobPhase, Integer> phases,
    List<Allocation> allocations,
    int podsCreated,
    int podsDeleted,
    double reward,
    double decisionMillis,
    double slotMillis,
    List<SkippedNode> skippedNodes,
    Map<String, String> rejected,
    List<String> closedNodes,
    Map<String, String> refused) {

  /** A slot in which no running job's growth was refused. */
  public SlotReport(
      int slot,
      Map<JobPhase, Integer> phases,
      List<Allocation> allocations,
      int podsCreated,
      int podsDeleted,
      double reward,
      double decisionMillis,
      double slotMillis,
      List<SkippedNode> skippedNodes,
      Map<String, String> rejected,
      List<String> closedNodes) {
    this(
        slot,
        phases,
        allocations,
        podsCreated,
        podsDeleted,
        reward,
        decisionMillis,
        slotMillis,
        skippedNodes,
        rejected,
        closedNodes,
        Map.of());
  }

  /** A slot in which every node was used and nothing rejected. */
  public SlotReport(
      int slot,
      Map<JobPhase, Integer> phases,
      List<Allocation> allocations,
      int podsCreated,
      int podsDeleted,
      double reward,
      double decisionMillis,
      double slotMillis) {
    this(
        slot,
        phases,
        allocations,
        podsCreated,
        podsDeleted,
        reward,
        decisionMillis,
        slotMillis,
        List.of(),
        Map.of(),
        List.of());
  }

  /** One job's allocation for the slot and its reported progress. */
  public record Allocation(
      String name,
      int id,
      String modelType,
      int workers,
      int parameterServers,
      double epochsDone,
      double epochs) {}

  public int workers() {
    return allocations.stream().mapToInt(Allocation::workers).sum();
  }

  public int parameterServers() {
    return allocations.stream().mapToInt(Allocation::parameterServers).sum();
  }
}
