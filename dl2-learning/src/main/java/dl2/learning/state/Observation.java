package dl2.learning.state;

import dl2.slot.JobView;

/**
 * What the policy sees before one decision: the encoded state, the action mask (dl2-spec §7.2) and
 * which job sits in each column (null for an empty column).
 */
public record Observation(double[] state, boolean[] mask, JobView[] columns) {
  /** True if some non-stop action is allowed. */
  public boolean hasTaskAction() {
    for (int a = 0; a < mask.length - 1; a++) {
      if (mask[a]) {
        return true;
      }
    }
    return false;
  }

  /** The column holding the job with this id, or -1 if it is outside the window. */
  public int columnOf(int jobId) {
    for (int c = 0; c < columns.length; c++) {
      if (columns[c] != null && columns[c].id() == jobId) {
        return c;
      }
    }
    return -1;
  }
}
