/** `npm start -w @skald/gateway`: the gateway alone (API, GraphQL, SQL, live stream; pages answer 503). */
import { runGateway } from './run.ts';

await runGateway();
