package dl2.e2e;

/** DL2Job manifests for the end-to-end tests. */
final class Jobs {
  private Jobs() {}

  /**
   * A job of {@code model} with at most {@code cap} workers and PS, and no template (placeholder
   * pods).
   */
  static String of(String name, String model, double epochs, int cap) {
    return """
        apiVersion: dl2.io/v1alpha1
        kind: DL2Job
        metadata:
          name: "%s"
        spec:
          modelType: %s
          epochs: %s
          maxWorkers: %d
          maxParameterServers: %d
        """
        .formatted(name, model, epochs, cap, cap);
  }

  /**
   * A resnet-50 job of one worker and one PS whose worker template holds {@code containerYaml} (one
   * list item).
   */
  static String withWorker(String name, String containerYaml) {
    return of(name, "resnet-50", 10, 1)
        + "  workerTemplate:\n    spec:\n      containers:\n"
        + containerYaml.indent(8);
  }
}
