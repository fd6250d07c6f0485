package dl2.kubernetes.api;

import com.fasterxml.jackson.annotation.JsonInclude;

/** A standard Kubernetes status condition, e.g. {@code Valid=False, reason=UnknownModelType}. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class Dl2JobCondition {
  public String type;
  public String status;
  public String reason;
  public String message;
  public String lastTransitionTime;

  /**
   * The DL2Job's metadata.generation the condition was set for: a rejection holds until the spec
   * changes.
   */
  public Long observedGeneration;

  public Dl2JobCondition() {}

  public Dl2JobCondition(
      String type, boolean status, String reason, String message, String lastTransitionTime) {
    this.type = type;
    this.status = status ? "True" : "False";
    this.reason = reason;
    this.message = message;
    this.lastTransitionTime = lastTransitionTime;
  }
}
