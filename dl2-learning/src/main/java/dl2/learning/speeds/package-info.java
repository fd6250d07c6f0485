/**
 * Speeds as a cluster can know them: fitted to the progress jobs were measured to make under the
 * allocations they held ({@code ObservedSpeeds}, an Optimus-form fit per type scaled per job),
 * followed slot by slot from a run's measurements ({@code MeasuredSpeeds}, over {@code
 * dl2.slot.ProgressMeter}) and carried in policy files as measurements ({@code SpeedMemory}). On
 * clusters of several GPU types, {@code GpuTypeSpeeds} keeps what each job and model was measured
 * to make on each type ({@code ClusterGpuTypes}: the types as node labels name them). {@code
 * OracleSpeeds} is the one door to the simulator's true speeds, for the rewards named as oracles.
 */
package dl2.learning.speeds;
