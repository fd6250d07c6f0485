package dl2.kubernetes.driver;

import dl2.io.InputException;
import java.util.Arrays;
import java.util.Locale;

/** How the controller turns allocations into Kubernetes objects. */
public enum DriverKind {
  /** One pod per worker and per PS, placed by the controller ({@link PodsDriver}); the reference. */
  PODS,
  /** One Volcano Job per DL2Job with tasks ps and worker ({@link VolcanoDriver}). */
  VOLCANO,
  /** One Indexed batch/v1 Job per DL2Job, workers only, resized through parallelism ({@link IndexedJobDriver}). */
  INDEXED_JOB;

  /** The command-line name: pods, volcano, indexed-job. */
  public String cliName() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  public static DriverKind byName(String name) {
    return Arrays.stream(values()).filter(k -> k.cliName().equals(name)).findFirst().orElseThrow(() -> new InputException(
        "--driver must be pods, volcano or indexed-job: " + name));
  }
}
