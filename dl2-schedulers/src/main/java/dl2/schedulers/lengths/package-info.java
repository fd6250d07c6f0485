/**
 * Schedulers for a cluster that does not know its jobs' true lengths (docs/job-lengths.md): the
 * information-matched baselines (2D-Gittins, EQUI, heSRPT, the greedy rule on the posterior
 * expected remaining work) and the length-oracle reference {@code optimus-remaining-oracle}, with
 * the length prior they share.
 */
package dl2.schedulers.lengths;
