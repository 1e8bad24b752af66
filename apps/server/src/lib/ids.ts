const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a path parameter can be a row id at all (anything else is answered without a query). */
export const isUuid = (value: string) => UUID.test(value);
