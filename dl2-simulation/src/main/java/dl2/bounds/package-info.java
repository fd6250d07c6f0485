/**
 * Lower bounds on a trace's average JCT. {@code NoContentionBound}: each job alone at its best (a
 * strict bound in the default world, a reference in the realistic one). {@code CapacityBound}: at
 * least that and at least shortest-remaining-time-first ({@code SrptFlowTime}) with the cluster's
 * cores, or GPUs, as one machine, valid in both worlds, tightened by the Lagrangian pricing of
 * {@code PricedBound} (one {@code PricedJob} subproblem per job over its {@code JobFrontier} of
 * efficient configurations).
 */
package dl2.bounds;
