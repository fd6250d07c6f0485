package dl2.kubernetes.api;

/**
 * One DL2Job as listed: parsed, or, when its JSON does not fit the model (e.g. a string where a
 * number belongs), only its name and the parse problem, so that one bad object cannot break the
 * list for all the others. {@code generation} counts the spec's changes (0 if the server keeps
 * none).
 */
public record ObservedJob(
    String name,
    String creationTimestamp,
    String uid,
    long generation,
    Dl2Job job,
    String parseProblem) {
  public boolean parsed() {
    return job != null;
  }

  public Dl2JobStatus status() {
    return job == null || job.getStatus() == null ? new Dl2JobStatus() : job.getStatus();
  }
}
