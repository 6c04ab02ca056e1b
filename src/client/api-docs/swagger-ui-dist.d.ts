declare module 'swagger-ui-dist/swagger-ui-es-bundle.js' {
  /** The options this page uses; see Swagger UI's configuration reference. */
  type SwaggerUIOptions = {
    url: string;
    dom_id: string;
    deepLinking?: boolean;
    validatorUrl?: string | null;
  };
  const SwaggerUI: (options: SwaggerUIOptions) => unknown;
  export default SwaggerUI;
}
