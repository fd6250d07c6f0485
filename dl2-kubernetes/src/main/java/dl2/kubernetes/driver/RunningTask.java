package dl2.kubernetes.driver;

/**
 * One task a job runs as a slot starts: a live pod of {@code job} in {@code role} on node {@code
 * node}.
 */
public record RunningTask(String job, String role, String node) {}
