// The API reference at /api/docs: Swagger UI rendering /api/openapi.json. Its
// code and stylesheet are bundled into the build (no CDN), and it runs under
// the app's CSP: no inline script, the init is this module.
import SwaggerUI from 'swagger-ui-dist/swagger-ui-es-bundle.js';
import 'swagger-ui-dist/swagger-ui.css';

SwaggerUI({
  url: '/api/openapi.json',
  dom_id: '#api-docs',
  deepLinking: true,
  // No badge from the public validator: this page talks to our origin only.
  validatorUrl: null,
});
