/**
 * Part of `npm run build`: makes dist/db-template, the embedded database a new
 * data folder starts from (src/server/db/template.ts), unless the one there was
 * made from the same migrations.
 */
import { ensureTemplate, templateDir } from '../../src/server/db/template';

const made = await ensureTemplate();
console.log(made ? `database template: made ${templateDir}` : 'database template: current');
