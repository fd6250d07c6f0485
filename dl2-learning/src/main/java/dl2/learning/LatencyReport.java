package dl2.learning;

/**
 * Decision latency of a policy (dl2-spec §9.4), in nanoseconds: the network forward pass on the
 * fast path and on the trainable reference path (same observations, same run), one whole decision
 * (observe + forward + masked softmax + pick), and one whole slot of decisions.
 */
public record LatencyReport(int observations, double medianForwardNs, double medianReferenceForwardNs,
    double medianDecisionNs, double p99DecisionNs, int slots, double medianDecisionsPerSlot, double medianSlotNs,
    double p99SlotNs) {}
