package dl2.latency;

/**
 * Decision latency of a policy (dl2-spec §9.4), in nanoseconds: the double-precision network
 * forward pass on its inference snapshot and on the trainable network (same states), and whole
 * decisions and slots on the fast path and on the reference path, measured in the same run.
 *
 * @param observations states the forward passes were timed on
 * @param exactDecisions fast-path decisions that single precision could not settle and the
 *     double-precision network took (pooled embeddings only)
 * @param against the fast path of a second policy timed on the same traces in turn, or null
 */
public record LatencyReport(
    int observations,
    double medianForwardNs,
    double medianReferenceForwardNs,
    Path fast,
    Path reference,
    long exactDecisions,
    Path against) {

  /**
   * One decision path's timings: decisions (observe, score, pick, allocate) and slots of decisions.
   */
  public record Path(
      int decisions,
      double medianDecisionNs,
      double p99DecisionNs,
      int slots,
      double medianDecisionsPerSlot,
      double medianSlotNs,
      double p99SlotNs,
      double medianSlotCpuNs) {}
}
