package dl2.kubernetes.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * What the controller and the training job report. The controller owns phase, id, arrival,
 * allocation and conditions; the training job owns {@link #epochsDone} and {@link #finishedAt} (the
 * progress contract, see docs/kubernetes.md).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class Dl2JobStatus {
  /** Pending, Running, Completed or Invalid (see {@link JobPhase}). */
  public String phase;

  /** Controller-assigned id, 1, 2, … in admission order: the schedulers' tie-break. */
  public Integer jobId;

  /** The slot in which the controller admitted the job. */
  public Integer arrivalSlot;

  /** Workers allocated in the last applied slot. */
  public Integer workers;

  /** Parameter servers allocated in the last applied slot. */
  public Integer parameterServers;

  /** Slots in which the job held at least one task (including {@link #lastRunSlot}). */
  public Integer slotsRun;

  /** The last slot in which the job held at least one task. */
  public Integer lastRunSlot;

  /** Progress contract: epochs done so far, reported by the training job. */
  public Double epochsDone;

  /** Progress contract: when training finished (RFC 3339), reported by the training job. */
  public String finishedAt;

  /** Completion time in slots from the start of slot 0, fractional (dl2-spec §5.3). */
  public Double completedAtSlots;

  /**
   * The pods driver numbers the job's next worker pod from here: no pod name comes back on another
   * node.
   */
  public Integer nextWorkerIndex;

  /** The pods driver numbers the job's next parameter-server pod from here. */
  public Integer nextPsIndex;

  /** Valid (spec accepted) and Scheduled (holds tasks this slot). */
  public List<Dl2JobCondition> conditions;
}
