package dl2.kubernetes.driver;

import dl2.io.InputException;
import dl2.kubernetes.api.ClusterApi;
import dl2.kubernetes.api.ServerVersion;
import dl2.kubernetes.api.TaintToleration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * How the controller turns allocations into Kubernetes objects, and the oldest Kubernetes each way
 * works on.
 */
public enum DriverKind {
  /**
   * One pod per worker and per PS, placed by the controller ({@link PodsDriver}); the reference.
   * Needs apiextensions.k8s.io/v1 for the CRD (1.16).
   */
  PODS(new ServerVersion(1, 16), "the CRD needs apiextensions.k8s.io/v1"),
  /**
   * One Volcano Job per DL2Job with tasks ps and worker ({@link VolcanoDriver}); Volcano must be
   * installed.
   */
  VOLCANO(new ServerVersion(1, 16), "the CRD needs apiextensions.k8s.io/v1"),
  /**
   * One Indexed batch/v1 Job per DL2Job, workers only, resized through parallelism and completions
   * ({@link IndexedJobDriver}): completions of an Indexed Job may change only from 1.27 on
   * (ElasticIndexedJob, beta and on by default in 1.27, GA in 1.31).
   */
  INDEXED_JOB(
      new ServerVersion(1, 27),
      "it resizes Indexed Jobs through spec.completions, which older servers refuse to change");

  private final ServerVersion minimum;
  private final String why;

  DriverKind(ServerVersion minimum, String why) {
    this.minimum = minimum;
    this.why = why;
  }

  /** The command-line name: pods, volcano, indexed-job. */
  public String cliName() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /** The oldest Kubernetes this driver works on. */
  public ServerVersion minimumVersion() {
    return minimum;
  }

  /**
   * Refuses a server older than {@link #minimumVersion()}, in one line naming the driver and both
   * versions.
   */
  public void requireServer(ServerVersion server) {
    if (!server.atLeast(minimum)) {
      throw new InputException(
          "--driver "
              + cliName()
              + " needs Kubernetes "
              + minimum
              + " or later ("
              + why
              + "); this server is "
              + server);
    }
  }

  /**
   * How many characters this driver's pod hostnames add to the job's name, at most, with at most
   * {@code taskCap} tasks per role: {@code JOB-worker-INDEX} (pods, Volcano), {@code JOB-INDEX}
   * (Indexed Jobs). The pods driver may number up to twice the cap while old pods still terminate.
   */
  public int hostnameSuffix(int taskCap) {
    return switch (this) {
      case PODS -> ("-worker-" + (2 * taskCap - 1)).length();
      case VOLCANO -> ("-worker-" + (taskCap - 1)).length();
      case INDEXED_JOB -> ("-" + (taskCap - 1)).length();
    };
  }

  /**
   * This driver over {@code api}: its pods tolerate {@code tolerations}; {@code kueueQueue} (may be
   * null) puts the indexed-job driver's Jobs in that Kueue queue; the Volcano and Indexed Jobs
   * carry the {@link PlacementAffinity} of {@code placement} (null: the default), while the pods
   * driver binds each pod to the node the placement chose.
   */
  public ScalingDriver driver(
      ClusterApi api,
      List<TaintToleration> tolerations,
      int taskCap,
      String kueueQueue,
      String placement) {
    PodFactory pods = new PodFactory(api.client().getKubernetesSerialization(), tolerations);
    PlacementAffinity affinity = PlacementAffinity.of(placement);
    return switch (this) {
      case PODS -> new PodsDriver(api, pods);
      case VOLCANO -> new VolcanoDriver(api, tolerations, affinity);
      case INDEXED_JOB -> new IndexedJobDriver(api, pods, taskCap, kueueQueue, affinity);
    };
  }

  /**
   * The line the controller logs once at start when this driver leaves placement to another
   * scheduler and {@code placement} is a plug-in, whose node choices no affinity rule can state;
   * empty otherwise.
   */
  public Optional<String> placementNote(String placement) {
    if (this == PODS || PlacementAffinity.isBuiltIn(placement)) {
      return Optional.empty();
    }
    return Optional.of(
        "placement "
            + placement
            + " is a plug-in, which --driver "
            + cliName()
            + " cannot turn into affinity rules: "
            + (this == VOLCANO ? "Volcano" : "kube-scheduler")
            + " places the pods by its own scoring");
  }

  public static DriverKind byName(String name) {
    return Arrays.stream(values())
        .filter(k -> k.cliName().equals(name))
        .findFirst()
        .orElseThrow(
            () -> new InputException("--driver must be pods, volcano or indexed-job: " + name));
  }
}
