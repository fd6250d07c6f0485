package dl2.traces;

import dl2.model.JobType;

/**
 * One job as a source file gives it, before windowing: its line, arrival in seconds (any origin),
 * DL2 type, its work as {@code seconds} of running on {@code gpus} GPUs (the requested GPUs for
 * sources that give a run time, 1 for sources that give one-GPU work), and its virtual cluster
 * ({@code ""} when the source has none).
 */
public record SourceJob(
    long line,
    double arrivalSeconds,
    JobType type,
    int gpus,
    double seconds,
    String virtualCluster) {}
