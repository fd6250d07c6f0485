package dl2.kubernetes.controller;

import dl2.kubernetes.api.Dl2Job;
import dl2.kubernetes.api.Dl2JobSpec;
import dl2.model.JobType;
import java.util.Optional;

/**
 * The checks the CRD schema makes on a real API server, repeated here because a cluster may run
 * without the schema (or with an older one) and the mock server does not validate: an invalid
 * DL2Job gets a {@code Valid=False} condition and is skipped, never stopping the others.
 */
final class JobValidation {
  record Problem(String reason, String message) {}

  private JobValidation() {}

  static Optional<Problem> check(Dl2Job job) {
    Dl2JobSpec spec = job.getSpec();
    if (spec == null) {
      return Optional.of(new Problem("MissingSpec", "the DL2Job has no spec"));
    }
    if (spec.modelType == null || JobType.byModelName(spec.modelType).isEmpty()) {
      return Optional.of(new Problem("UnknownModelType",
          "spec.modelType must be one of " + JobType.modelNames() + ", got " + spec.modelType));
    }
    if (spec.epochs == null || !(spec.epochs > 0) || spec.epochs.isInfinite()) {
      return Optional.of(new Problem("BadEpochs", "spec.epochs must be a positive number, got " + spec.epochs));
    }
    if (spec.maxWorkers != null && spec.maxWorkers < 1) {
      return Optional.of(new Problem("BadCap", "spec.maxWorkers must be at least 1, got " + spec.maxWorkers));
    }
    if (spec.maxParameterServers != null && spec.maxParameterServers < 1) {
      return Optional.of(new Problem("BadCap", "spec.maxParameterServers must be at least 1, got " + spec.maxParameterServers));
    }
    return Optional.empty();
  }
}
