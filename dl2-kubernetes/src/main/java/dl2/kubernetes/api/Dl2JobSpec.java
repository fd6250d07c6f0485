package dl2.kubernetes.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;

/**
 * What a user asks for: the model (one of the eight job types, which fixes per-task demands and the
 * speed model, dl2-spec §2.1, §3.1), the estimated epochs E, optional per-job task caps (at most
 * the controller's cap C), and optional pod templates for the two roles.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class Dl2JobSpec {
  /** Model name, e.g. {@code resnet-50}; see {@code dl2.model.JobType}. */
  public String modelType;

  /** E: estimated epochs to train, > 0. */
  public Double epochs;

  /** At most this many workers (default: the controller's cap). */
  public Integer maxWorkers;

  /** At most this many parameter servers (default: the controller's cap). */
  public Integer maxParameterServers;

  /** Template of each worker pod; the controller sets name, labels, node and resources. */
  public PodTemplateSpec workerTemplate;

  /** Template of each parameter-server pod. */
  public PodTemplateSpec psTemplate;
}
