package dl2.kubernetes.api;

/** The labels the controller puts on the pods and services it owns. */
public final class Labels {
  public static final String MANAGED_BY = "app.kubernetes.io/managed-by";
  public static final String CONTROLLER = "dl2-controller";
  public static final String JOB = "dl2.io/job";
  public static final String ROLE = "dl2.io/role";
  public static final String INDEX = "dl2.io/index";
  public static final String WORKER = "worker";
  public static final String PS = "ps";
  public static final String GPU_RESOURCE = "nvidia.com/gpu";

  private Labels() {}
}
