/**
 * The gateway with the web app mounted: what `npm start` and docker compose run. The gateway imports nothing of
 * the web app; this entry, above both, hands it the page handler and the app's image folder.
 */
import { runGateway } from '@skald/gateway';
import { webApp } from '@skald/web/server';

await runGateway({ web: webApp });
