package dl2.workload.adapters;

import dl2.model.JobType;

/**
 * One job as a source file gives it, before windowing: its line, arrival in seconds (any origin),
 * DL2 type, requested GPUs, the seconds of work it ran with {@code gpus} GPUs, and its virtual
 * cluster ({@code ""} when the source has none).
 */
public record SourceJob(long line, double arrivalSeconds, JobType type, int gpus, double seconds, String virtualCluster) {}
