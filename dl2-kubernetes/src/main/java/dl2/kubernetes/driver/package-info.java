/**
 * How a slot's allocation becomes Kubernetes objects: a {@code ScalingDriver} applies each job's
 * {@code JobPlan} and reports what it created and deleted. {@code PodsDriver} manages one pod per
 * task on the node the controller chose; {@code VolcanoDriver} resizes one Volcano Job per DL2Job;
 * {@code IndexedJobDriver} resizes one Indexed batch Job of workers for elastic data-parallel
 * training, optionally through Kueue; those two carry only the shape of the controller's placement,
 * as the pod-affinity preferences of {@code PlacementAffinity}.
 */
package dl2.kubernetes.driver;
