package dl2.schedulers.solver;

/**
 * The knobs of Gavel's policies in dl2 (docs/heuristics/gavel-and-sia.md). Gavel's jobs are rigid:
 * each asks for a fixed number of GPUs (its scale factor). dl2's are elastic, so every job gets the
 * same fixed configuration, by default one node's worth of the paper's node shape (2 GPUs and 8
 * cores): 2 workers and 2 PSs, within the job's own caps.
 *
 * @param workers workers of a job whenever it runs (its scale factor)
 * @param parameterServers parameter servers of a job whenever it runs
 */
public record GavelConfig(int workers, int parameterServers) {
  public static final GavelConfig DEFAULT = new GavelConfig(2, 2);

  public GavelConfig {
    if (workers < 1 || parameterServers < 1) {
      throw new IllegalArgumentException("a Gavel job needs at least 1 worker and 1 PS");
    }
  }
}
