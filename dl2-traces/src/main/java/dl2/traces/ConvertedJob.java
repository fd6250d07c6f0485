package dl2.traces;

import dl2.model.JobType;

/** One row of the native trace a conversion writes: {@code job_id,submit_time_s,model,epochs}. */
public record ConvertedJob(int id, double submitSeconds, JobType type, double epochs) {}
