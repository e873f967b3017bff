// A request to the server's API, JSON in and out, for both pages. A
// failure to reach the server is thrown with `offline` set; an answer
// that is not 2xx is thrown with the server's reason (`data`) and its
// `status`.

export async function api(method, path, body) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw Object.assign(new Error('The server cannot be reached.'), { offline: true });
  }
  const data = await response.json().catch(() => ({ message: `${response.status} ${response.statusText}` }));
  if (!response.ok) throw Object.assign(new Error(data.message ?? `${response.status}`), { data, status: response.status });
  return data;
}
