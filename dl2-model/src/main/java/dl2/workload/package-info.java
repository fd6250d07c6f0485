/**
 * Where jobs come from: the paper's workload generator and the presets (per preset a cluster, a
 * task cap, a window, a slot length, a workload and a world), the seeded training, validation and
 * test trace sets, and dl2's native trace files. A workload is a pure function of its seed, so
 * every trace set is reproducible and the three sets are disjoint whatever the base seed.
 */
package dl2.workload;
