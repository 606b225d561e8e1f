import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The slowest test files with their seconds in a full run on two loaded cores (file-durations.json; refresh it
 * from a CI log when the figures have moved). A fresh clone has no timing cache, so vitest would start the files of
 * a project in the order it found them, and a long file found last (the reflow suite) ran alone at the end while
 * the other worker idled.
 */
const KNOWN: Record<string, number> = JSON.parse(
  readFileSync(new URL('./file-durations.json', import.meta.url), 'utf8'),
) as Record<string, number>;

/**
 * Longest first within each project, projects in their group order: each worker takes the next file when it is
 * free, so the run ends close to the total divided by the workers. A file's measured duration from vitest's cache
 * wins over the table when the cache has one (a developer's second run).
 */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const seconds = (spec: TestSpecification) => {
      const path = relative(root, spec.moduleId);
      const cached = this.ctx.cache.getFileTestResults(`${spec.project.name}:${path}`);
      return cached ? cached.duration / 1000 : (KNOWN[path] ?? 0);
    };
    const weight = new Map(files.map((spec) => [spec, seconds(spec)]));
    return [...files].sort(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
        (a.project.name < b.project.name ? -1 : a.project.name > b.project.name ? 1 : 0) ||
        weight.get(b)! - weight.get(a)!,
    );
  }
}
