/**
 * The one evaluation of dl2: {@code Evaluation} runs schedulers on a set of traces with the seeds
 * every report uses, and compare, simulate, the studies and training's test summary all go through
 * it. {@code SchedulerCatalog} resolves every scheduler name once (a plug-in, a baseline, or dl2,
 * the trained policy) and gives the list every {@code --scheduler} help shows. It sits above the
 * learning code because it may see the simulator's speed model, as an experimenter does.
 */
package dl2.evaluation;
